/**
 * The platforms' own print components on the warehouse PC (shared/research/waybills-aftersales.md
 * §0 table 5): where each listens and which message family it speaks. Mirrors PRINT_COMPONENTS in
 * @dropship/channels, whose runtime code (Node servers) the page cannot bundle; the browser test
 * connects this table to those emulators, so the two cannot drift apart unnoticed.
 */
import type { PlatformPrintData, PrintComponentSource } from '@dropship/channels';

export type { PlatformPrintData, PrintComponentSource };

export type ComponentProtocol = 'task' | 'taskList' | 'jd';

export interface ComponentInfo {
  source: PrintComponentSource;
  /** The component's name as the warehouse knows it. */
  name: string;
  /** Which orders' waybills it prints, for the settings page. */
  platforms: string;
  port: number;
  path: string;
  protocol: ComponentProtocol;
}

export const COMPONENT_SOURCES: PrintComponentSource[] = ['CAINIAO', 'PDD', 'TIKTOK', 'KUAISHOU', 'REDBOOK', 'JD'];

export const COMPONENTS: Record<PrintComponentSource, ComponentInfo> = {
  CAINIAO: { source: 'CAINIAO', name: '菜鸟打印组件', platforms: '淘宝、天猫（菜鸟电子面单）', port: 13528, path: '', protocol: 'task' },
  PDD: { source: 'PDD', name: '拼多多打印组件', platforms: '拼多多', port: 5000, path: '', protocol: 'task' },
  TIKTOK: { source: 'TIKTOK', name: '抖店打印组件', platforms: '抖音（抖店）', port: 13888, path: '', protocol: 'task' },
  KUAISHOU: { source: 'KUAISHOU', name: '快手打印组件', platforms: '快手小店', port: 16888, path: '/ks/printer', protocol: 'taskList' },
  REDBOOK: { source: 'REDBOOK', name: '小红书打印组件', platforms: '小红书', port: 10818, path: '', protocol: 'taskList' },
  JD: { source: 'JD', name: '京东打印组件', platforms: '京东', port: 9113, path: '', protocol: 'jd' },
};

/** localStorage key a developer or a browser test sets to point the page at other ports, e.g. {"CAINIAO":40123}. */
export const COMPONENT_PORTS_STORAGE_KEY = 'platform_print_ports';

/** Port overrides from localStorage; anything unreadable is ignored (the real ports apply). */
export function configuredComponentPorts(raw: string | null | undefined): Partial<Record<PrintComponentSource, number>> {
  try {
    const parsed = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    const out: Partial<Record<PrintComponentSource, number>> = {};
    for (const s of COMPONENT_SOURCES) {
      const p = Number(parsed?.[s]);
      if (Number.isInteger(p) && p > 0 && p < 65536) out[s] = p;
    }
    return out;
  } catch {
    return {};
  }
}

/** The component's address; it only ever listens on this computer. */
export function componentUrl(source: PrintComponentSource, ports: Partial<Record<PrintComponentSource, number>> = {}): string {
  const c = COMPONENTS[source];
  return `ws://127.0.0.1:${ports[source] ?? c.port}${c.path}`;
}
