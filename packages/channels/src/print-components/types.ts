/**
 * Shapes shared by the platform print-component emulators (and, as types, by the page's client):
 * the platforms' own local print services that print encrypted e-waybills on the warehouse PC
 * (shared/research/waybills-aftersales.md §0 table 5; labels.md §2).
 */
import type { PlatformPrintData, WaybillSource } from '../marketplace/waybill-types.ts';

/** The platforms whose e-waybills print through their own component. */
export const PRINT_COMPONENT_SOURCES = ['CAINIAO', 'PDD', 'TIKTOK', 'KUAISHOU', 'REDBOOK', 'JD'] as const satisfies readonly WaybillSource[];
/** The e-waybill sources are the components: one name for both. */
export type PrintComponentSource = WaybillSource;

/** One waybill's print data as the platform's e-waybill API answers it (marketplace/waybill-types.ts). */
export type { PlatformPrintData };

/** How the three message families differ (§0 table 5). */
export type PrintComponentProtocol = 'task' | 'taskList' | 'jd';

export interface PrintComponentInfo {
  source: PrintComponentSource;
  /** The component's Chinese name as the warehouse knows it. */
  name: string;
  /** Loopback port the real component listens on. */
  port: number;
  /** WebSocket path ('/' for all but Kuaishou's). */
  path: string;
  protocol: PrintComponentProtocol;
}

export const PRINT_COMPONENTS: Record<PrintComponentSource, PrintComponentInfo> = {
  CAINIAO: { source: 'CAINIAO', name: '菜鸟打印组件', port: 13528, path: '/', protocol: 'task' },
  PDD: { source: 'PDD', name: '拼多多打印组件', port: 5000, path: '/', protocol: 'task' },
  TIKTOK: { source: 'TIKTOK', name: '抖店打印组件', port: 13888, path: '/', protocol: 'task' },
  KUAISHOU: { source: 'KUAISHOU', name: '快手打印组件', port: 16888, path: '/ks/printer', protocol: 'taskList' },
  // ⚠ Xiaohongshu's port is from one ERP's page that copies the Kuaishou sample; unverified.
  REDBOOK: { source: 'REDBOOK', name: '小红书打印组件', port: 10818, path: '/', protocol: 'taskList' },
  JD: { source: 'JD', name: '京东打印组件', port: 9113, path: '/', protocol: 'jd' },
};

/** One document of a job as the component received it. */
export interface PrintComponentDocument {
  documentID: string;
  /** The contents exactly as sent (the waybill content and any custom-area content). */
  contents: unknown[];
  /** The waybill print data found among the contents. */
  printData: PlatformPrintData[];
  /** What each print data's ciphertext decodes to (the emulator's decode hook), in the same order. */
  decoded: unknown[];
}

/** One accepted print job. */
export interface PrintComponentJob {
  source: PrintComponentSource;
  requestID: string;
  taskID: string;
  printer: string;
  documents: PrintComponentDocument[];
  status: 'printing' | 'printed' | 'failed';
  /** Why it failed (the component's message). */
  message?: string;
}

/** A print request the component refused before printing (bad signature, other platform's data…). */
export interface PrintComponentRefusal {
  source: PrintComponentSource;
  requestID: string;
  reason: 'signature' | 'otherPlatform' | 'noPrintData' | 'unknownPrinter' | 'malformed';
  message: string;
}
