/**
 * Loading C-Lodop, the Windows print service that prints labels silently (SPEC.md §4 "Print service
 * script loading", §7 "Local print service"; shared/research/labels.md §1). The service serves
 * CLodopfuncs.js from the user's own machine; the script defines window.CLODOP / getCLodop().
 * Pure of React and of the request client so it can be tested against the emulator's script.
 */

/** What we use of the global the script defines. Methods are called by name from the server's steps. */
export interface ClodopLike {
  CVERSION?: string;
  VERSION?: string;
  webskt?: { readyState?: number };
  On_Return?: ((taskId: string, value: unknown) => void) | null;
  On_Return_Remain?: boolean;
  SET_LICENSES?(companyName: string, license: string, licenseA: string, licenseB: string): unknown;
  GET_PRINTER_COUNT?(): number | string;
  GET_PRINTER_NAME?(index: number | string): string;
  PRINT?(): unknown;
  [fn: string]: unknown;
}

export type PrintServiceState = 'loading' | 'complete' | 'error';

export interface LoaderOptions {
  /** localhost by default: the service runs on the user's own machine. */
  host?: string;
  /** Plain-http ports, tried in order (8000, then 18000 with ?priority=0, as the vendor's loader does). */
  httpPorts?: number[];
  /** An https page may only load https scripts: the service's 8443. */
  httpsPort?: number;
  secure?: boolean;
  /** How the script is put in the page; a test may run it another way. */
  loadScript?: (src: string) => Promise<void>;
  /** Where the script leaves its global. */
  global?: { CLODOP?: unknown; getCLodop?: () => unknown };
  /** The service is usable once its WebSocket is open; polled every 100 ms up to this many times. */
  readyPolls?: number;
}

export const DEFAULT_HTTP_PORTS = [8000, 18000];
export const DEFAULT_HTTPS_PORT = 8443;
/** localStorage key a developer or a browser test sets to point the page at other ports (e.g. the emulator's). */
export const PORTS_STORAGE_KEY = 'clodop_ports';

/** Script addresses in the order they are tried. */
export function scriptUrls(o: Pick<LoaderOptions, 'host' | 'httpPorts' | 'httpsPort' | 'secure'> = {}): string[] {
  const host = o.host ?? 'localhost';
  if (o.secure) return [`https://${host}:${o.httpsPort ?? DEFAULT_HTTPS_PORT}/CLodopfuncs.js`];
  return (o.httpPorts ?? DEFAULT_HTTP_PORTS).map((p, i) => `http://${host}:${p}/CLodopfuncs.js${i > 0 ? '?priority=0' : ''}`);
}

/** Ports from localStorage `clodop_ports` ("18123" or "8000,18000"); undefined means the defaults. */
export function configuredPorts(raw: string | null | undefined): number[] | undefined {
  const ports = (raw ?? '')
    .split(/[\s,]+/)
    .map(Number)
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  return ports.length ? ports : undefined;
}

/**
 * Compares dotted versions number by number ("6.10.0" > "6.9.9"; a missing part is 0). A plain
 * string comparison, as the vendor's sample does, gets "10" < "9" wrong.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Printer names as the service lists them (synchronous: the list is embedded in the script). */
export function readPrinters(c: ClodopLike): string[] {
  const n = Number(c.GET_PRINTER_COUNT?.() ?? 0);
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = c.GET_PRINTER_NAME?.(i);
    if (name) names.push(name);
  }
  return names;
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    // A refused connection (service not installed or not running) lands here quickly.
    s.onerror = () => {
      s.remove();
      reject(new Error(`cannot load ${src}`));
    };
    document.head.appendChild(s);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function findGlobal(g: NonNullable<LoaderOptions['global']>): ClodopLike | null {
  const viaFn = typeof g.getCLodop === 'function' ? g.getCLodop() : null;
  const c = (viaFn ?? g.CLODOP) as ClodopLike | null | undefined;
  return c && typeof c === 'object' ? c : null;
}

/**
 * Loads the script from the first address that answers and waits for its WebSocket. Resolves null
 * when no address answers or the socket never opens: the caller shows the install message.
 */
export async function loadClodop(o: LoaderOptions = {}): Promise<ClodopLike | null> {
  const g = o.global ?? (window as unknown as NonNullable<LoaderOptions['global']>);
  const load = o.loadScript ?? injectScript;
  const urls = scriptUrls({ ...o, secure: o.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:') });
  for (const url of urls) {
    try {
      await load(url);
    } catch {
      continue;
    }
    const c = findGlobal(g);
    if (!c) continue;
    for (let i = 0; i < (o.readyPolls ?? 100); i++) {
      // Older services have no webskt at all; they answer through the script itself.
      if (!c.webskt || c.webskt.readyState === 1) return c;
      await sleep(100);
    }
  }
  return null;
}
