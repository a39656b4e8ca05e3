/**
 * The page's connection to one platform print component: opens its WebSocket, lists its printers
 * and prints the platform's encrypted waybills, resolving when the component reports the result.
 * Pure of React; the settings page and the scan station share one client per component
 * (platform-print-service.ts).
 */
import { COMPONENTS, type PlatformPrintData, type PrintComponentSource } from './components';
import { type ComponentReply, getPrintersMessage, printMessage, readReply } from './messages';

/** 未检测 / 连接中 / 已连接 / 未安装或未启动 / 打印中 / 打印失败 */
export type ComponentState = 'unchecked' | 'connecting' | 'connected' | 'unavailable' | 'printing' | 'failed';

export interface ComponentStatus {
  state: ComponentState;
  printers: string[];
  defaultPrinter: string;
  /** The component's (or our timeout's) reason for the last failed print. */
  error: string | null;
}

/** A print the component refused or reported as failed; message is the component's own reason. */
export class ComponentPrintError extends Error {
  constructor(
    readonly source: PrintComponentSource,
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'failed' | 'timeout',
  ) {
    super(message);
    this.name = 'ComponentPrintError';
  }
}

export interface ClientOptions {
  url: string;
  /** The browser's WebSocket unless a test brings another. */
  WebSocket?: typeof WebSocket;
  /** How long to wait for the socket to open and for getPrinters. */
  connectTimeoutMs?: number;
  /** How long a print may take before it counts as failed. */
  printTimeoutMs?: number;
}

interface Pending {
  onReply(r: Exclude<ComponentReply, { type: 'other' }>): void;
  fail(e: ComponentPrintError): void;
}

let seq = 0;
const newId = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface PlatformPrintClient {
  readonly source: PrintComponentSource;
  status(): ComponentStatus;
  subscribe(listener: () => void): () => void;
  /** Opens the socket (again) and reads the printers; resolves with the status either way. */
  connect(): Promise<ComponentStatus>;
  getPrinters(): Promise<string[]>;
  /** Prints the waybills as one task on the printer (the component's default when empty). */
  print(printData: PlatformPrintData[], printer: string): Promise<void>;
  close(): void;
}

export function createPlatformPrintClient(source: PrintComponentSource, o: ClientOptions): PlatformPrintClient {
  const name = COMPONENTS[source].name;
  const connectTimeoutMs = o.connectTimeoutMs ?? 5000;
  const printTimeoutMs = o.printTimeoutMs ?? 60_000;
  let status: ComponentStatus = { state: 'unchecked', printers: [], defaultPrinter: '', error: null };
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket | null> | null = null;
  const pending = new Map<string, Pending>();
  const listeners = new Set<() => void>();

  const set = (patch: Partial<ComponentStatus>) => {
    status = { ...status, ...patch };
    for (const l of listeners) l();
  };

  const unavailable = () => new ComponentPrintError(source, `未检测到${name}`, 'unavailable');

  const open = (): Promise<WebSocket | null> => {
    if (socket && socket.readyState === 1) return Promise.resolve(socket);
    opening ??= new Promise<WebSocket | null>((resolve) => {
      const Ctor = o.WebSocket ?? globalThis.WebSocket;
      let ws: WebSocket;
      try {
        ws = new Ctor(o.url);
      } catch {
        resolve(null);
        return;
      }
      const timer = setTimeout(() => {
        ws.close();
        resolve(null);
      }, connectTimeoutMs);
      ws.onopen = () => {
        clearTimeout(timer);
        socket = ws;
        resolve(ws);
      };
      // A refused connection (not installed, not running) ends here, then in onclose.
      ws.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
      ws.onclose = () => {
        clearTimeout(timer);
        resolve(null);
        if (socket !== ws) return;
        socket = null;
        for (const p of pending.values()) p.fail(unavailable());
        pending.clear();
        set({ state: 'unavailable' });
      };
      ws.onmessage = (e: MessageEvent) => {
        let data: unknown;
        try {
          data = JSON.parse(String(e.data));
        } catch {
          return;
        }
        const reply = readReply(source, data);
        if (reply.type !== 'other') pending.get(reply.id)?.onReply(reply);
      };
    }).finally(() => {
      opening = null;
    });
    return opening;
  };

  /** Sends one request and waits for the reply `settle` accepts, up to ms. */
  const request = <T>(
    id: string,
    msg: object,
    ms: number,
    onTimeout: string,
    settle: (r: Exclude<ComponentReply, { type: 'other' }>, done: (v: T) => void, fail: (e: ComponentPrintError) => void) => void,
  ) =>
    open().then(
      (ws) =>
        new Promise<T>((resolve, reject) => {
          if (!ws) return reject(unavailable());
          const timer = setTimeout(() => finish(() => reject(new ComponentPrintError(source, onTimeout, 'timeout'))), ms);
          const finish = (f: () => void) => {
            clearTimeout(timer);
            pending.delete(id);
            f();
          };
          pending.set(id, {
            onReply: (r) =>
              settle(
                r,
                (v) => finish(() => resolve(v)),
                (e) => finish(() => reject(e)),
              ),
            fail: (e) => finish(() => reject(e)),
          });
          ws.send(JSON.stringify(msg));
        }),
    );

  const getPrinters = async () => {
    const id = newId();
    const r = await request<{ printers: string[]; defaultPrinter: string }>(
      id,
      getPrintersMessage(source, id),
      connectTimeoutMs,
      `${name}没有返回打印机列表`,
      (reply, done) => {
        if (reply.type === 'printers') done({ printers: reply.printers, defaultPrinter: reply.defaultPrinter });
      },
    );
    set({ printers: r.printers, defaultPrinter: r.defaultPrinter });
    return r.printers;
  };

  return {
    source,
    status: () => status,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async connect() {
      set({ state: 'connecting', error: null });
      const ws = await open();
      if (!ws) {
        set({ state: 'unavailable', printers: [], defaultPrinter: '' });
        return status;
      }
      try {
        await getPrinters();
        set({ state: 'connected' });
      } catch {
        // Open but silent: not the component we expect on that port.
        set({ state: 'unavailable', printers: [], defaultPrinter: '' });
      }
      return status;
    },
    getPrinters,
    async print(printData, printer) {
      if (!printData.length) return;
      const id = newId();
      set({ state: 'printing', error: null });
      const seconds = Math.max(1, Math.round(printTimeoutMs / 1000));
      try {
        await request<void>(
          id,
          printMessage(source, { requestID: id, taskID: id, printer, printData }),
          printTimeoutMs,
          `${name}在 ${seconds} 秒内没有返回打印结果`,
          (reply, done, fail) => {
            if (reply.type === 'ack' && !reply.ok) fail(new ComponentPrintError(source, reply.msg || `${name}拒绝了打印任务`, 'refused'));
            else if (reply.type === 'result' && !reply.pending) {
              if (reply.ok) done();
              else fail(new ComponentPrintError(source, reply.msg || '打印机报告失败', 'failed'));
            }
          },
        );
        set({ state: 'connected' });
      } catch (e) {
        const err = e instanceof ComponentPrintError ? e : new ComponentPrintError(source, String(e), 'failed');
        set({ state: err.kind === 'unavailable' ? 'unavailable' : 'failed', error: err.message });
        throw err;
      }
    },
    close() {
      const ws = socket;
      socket = null;
      ws?.close();
      for (const p of pending.values()) p.fail(unavailable());
      pending.clear();
    },
  };
}
