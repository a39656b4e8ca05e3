/**
 * The page's one connection to C-Lodop: loaded once per page (the script defines a global), shared
 * by the settings page and every print button through usePrintService() / ensurePrintService().
 */
import { CLODOP_INSTALLERS, type PrintServiceConfig } from '@dropship/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { type ClodopLike, configuredPorts, loadClodop, PORTS_STORAGE_KEY, type PrintServiceState, readPrinters } from './lodop-loader';
import { isOutdated, type PrintServiceMessage, printServiceMessage } from './print-service-message';
import { printingApi } from './printing-api';

export interface PrintServiceSnapshot {
  state: PrintServiceState;
  version: string | null;
  printers: string[];
  config: PrintServiceConfig;
  /** What to tell the user (not installed / needs an upgrade), or null. */
  message: PrintServiceMessage | null;
  /** Loaded and recent enough to print through; otherwise labels print as PDF. */
  usable: boolean;
}

/** Used until (or if never) the server's config arrives, so the install links still work. */
export const FALLBACK_CONFIG: PrintServiceConfig = {
  license: { companyName: '', license: '', licenseA: '', licenseB: '' },
  minVersion: '0',
  cloudMinVersion: '0',
  installers: { win32: `/downloads/${CLODOP_INSTALLERS.win32}`, win64: `/downloads/${CLODOP_INSTALLERS.win64}` },
};

let snapshot: PrintServiceSnapshot = { state: 'loading', version: null, printers: [], config: FALLBACK_CONFIG, message: null, usable: false };
let clodop: ClodopLike | null = null;
let started: Promise<PrintServiceSnapshot> | null = null;
const listeners = new Set<() => void>();

function publish(next: PrintServiceSnapshot) {
  snapshot = next;
  for (const l of listeners) l();
}

async function start(): Promise<PrintServiceSnapshot> {
  const [config, loaded] = await Promise.all([
    printingApi.config().catch((e: unknown) => {
      console.warn('[printing] print service config unavailable; using defaults', e);
      return FALLBACK_CONFIG;
    }),
    loadClodop({ httpPorts: configuredPorts(window.localStorage.getItem(PORTS_STORAGE_KEY)) }),
  ]);
  clodop = loaded;
  if (!loaded) {
    const s = { state: 'error', version: null } as const;
    publish({ ...s, printers: [], config, message: printServiceMessage(s, config), usable: false });
    return snapshot;
  }
  const { companyName, license, licenseA, licenseB } = config.license;
  // Without a licence the service prints a watermark; an empty one (demo) is simply not sent.
  if (license) loaded.SET_LICENSES?.(companyName, license, licenseA, licenseB);
  const version = String(loaded.CVERSION ?? loaded.VERSION ?? '') || null;
  const s = { state: 'complete', version } as const;
  publish({ ...s, printers: readPrinters(loaded), config, message: printServiceMessage(s, config), usable: !isOutdated(version, config.minVersion) });
  return snapshot;
}

/** Starts loading once per page; later calls get the same outcome. */
export function ensurePrintService(): Promise<PrintServiceSnapshot> {
  started ??= start().catch((e: unknown) => {
    console.warn('[printing] print service check failed', e);
    return snapshot;
  });
  return started;
}

/** The loaded CLODOP, for the print queue. */
export function currentClodop(): ClodopLike | null {
  return clodop;
}

export function usePrintService(): PrintServiceSnapshot {
  useEffect(() => {
    void ensurePrintService();
  }, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}
