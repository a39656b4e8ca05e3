/**
 * A local stand-in for one platform's print component (菜鸟、拼多多、抖店、快手、小红书、京东): a
 * WebSocket service on the loopback port the real one uses (or any, for tests) speaking that
 * component's messages. Instead of printing it keeps every job (printer, documents, the print
 * data and what it decodes to) for tests to read, and refuses what the real component refuses:
 * print data whose signature does not verify, and another platform's print data.
 */
import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { listenOnLoopback } from '../emulator-http.ts';
import { platformOfTemplate } from './platform-of.ts';
import { isRecord, type ParsedRequest, type PrintOutcome, type ProtocolHandler, printDataOf } from './protocol.ts';
import { jdProtocol } from './protocol-jd.ts';
import { taskProtocol } from './protocol-task.ts';
import { taskListProtocol } from './protocol-task-list.ts';
import {
  type PlatformPrintData,
  PRINT_COMPONENTS,
  type PrintComponentDocument,
  type PrintComponentJob,
  type PrintComponentRefusal,
  type PrintComponentSource,
} from './types.ts';

export interface PrintComponentEmulatorOptions {
  /** The real component's port by default; 0 picks a free one. */
  port?: number;
  /** Printer names; the first is the default. */
  printers?: string[];
  /** How long a print takes before its result is sent. */
  printDelayMs?: number;
  /** Start refusing connections, as when the component is not installed or not running. */
  offline?: boolean;
  /**
   * Whether the platform's signature over the ciphertext verifies. The default accepts any print
   * data with non-empty encryptedData and signature; wire it to the e-waybill emulator's verifier.
   */
  verify?: (printData: PlatformPrintData) => boolean;
  /** Which platform a print data belongs to, or null when it cannot tell (default: the template's host). */
  platformOf?: (printData: PlatformPrintData) => PrintComponentSource | null;
  /** What a ciphertext decodes to, kept with the job (default: base64 JSON, else undefined). */
  decode?: (printData: PlatformPrintData) => unknown;
}

export interface PrintComponentEmulator {
  source: PrintComponentSource;
  /** ws://127.0.0.1:<port><path> */
  url: string;
  port: number;
  jobs(): PrintComponentJob[];
  refusals(): PrintComponentRefusal[];
  setOffline(offline: boolean): Promise<void>;
  setPrinters(printers: string[]): void;
  setPrintDelay(ms: number): void;
  /** The next accepted print fails with this message (as a jammed or offline printer would). */
  failNextPrint(message?: string): void;
  close(): Promise<void>;
}

export const DEFAULT_COMPONENT_PRINTERS = ['得力 DL-888T', '汉印 N41', 'Microsoft Print to PDF'];

/** Tests' own print data passes; the demo and the browser tests pass `verify` built on marketplace/waybill-print.ts's verifyPrintData. */
const defaultVerify = (pd: PlatformPrintData) => pd.encryptedData.length > 0 && pd.signature.length > 0;

function defaultDecode(pd: PlatformPrintData): unknown {
  try {
    return JSON.parse(Buffer.from(pd.encryptedData, 'base64').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function protocolFor(source: PrintComponentSource): ProtocolHandler {
  const p = PRINT_COMPONENTS[source].protocol;
  return p === 'jd' ? jdProtocol() : p === 'taskList' ? taskListProtocol() : taskProtocol(source);
}

export async function startPrintComponentEmulator(source: PrintComponentSource, opts: PrintComponentEmulatorOptions = {}): Promise<PrintComponentEmulator> {
  const info = PRINT_COMPONENTS[source];
  const protocol = protocolFor(source);
  const verify = opts.verify ?? defaultVerify;
  const platformOf = opts.platformOf ?? platformOfTemplate;
  const decode = opts.decode ?? defaultDecode;
  let printers = opts.printers ?? DEFAULT_COMPONENT_PRINTERS;
  let printDelayMs = opts.printDelayMs ?? 30;
  let failNext: string | null = null;
  const jobs: PrintComponentJob[] = [];
  const refusals: PrintComponentRefusal[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only');
  });
  // Kuaishou's component answers on its own path; the others on any.
  const wss = new WebSocketServer({ server, ...(info.path === '/' ? {} : { path: info.path }) });

  const send = (ws: WebSocket, msg: object) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };

  const refuse = (ws: WebSocket, req: Extract<ParsedRequest, { kind: 'print' }>, reason: PrintComponentRefusal['reason'], message: string) => {
    refusals.push({ source, requestID: req.id, reason, message });
    const ack = protocol.printAck(req, message);
    const documentIDs = req.documents.map((d) => d.documentID);
    send(ws, ack ?? protocol.printResult(req, { ok: false, msg: message, printer: req.printer, documentIDs }));
  };

  /** Checks a print request as the component would; the refusal (reason, message) or the documents. */
  const check = (
    req: Extract<ParsedRequest, { kind: 'print' }>,
  ): { refused: [PrintComponentRefusal['reason'], string] } | { docs: PrintComponentDocument[] } => {
    const no = (reason: PrintComponentRefusal['reason'], message: string) => ({ refused: [reason, message] as [PrintComponentRefusal['reason'], string] });
    if (!req.documents.length) return no('malformed', '打印任务中没有面单（documents 为空）');
    if (req.printer && !printers.includes(req.printer)) return no('unknownPrinter', `打印机不存在：${req.printer}`);
    const docs: PrintComponentDocument[] = [];
    for (const d of req.documents) {
      const printData = d.contents.map((c) => printDataOf(source, c)).filter((p): p is PlatformPrintData => p !== null);
      if (!printData.length) return no('noPrintData', `面单 ${d.documentID} 缺少电子面单数据（encryptedData）`);
      for (const pd of printData) {
        const owner = platformOf(pd);
        if (owner && owner !== source) return no('otherPlatform', `非本平台电子面单数据：${PRINT_COMPONENTS[owner].name}的面单不能由${info.name}打印`);
        if (!verify(pd)) return no('signature', `面单 ${d.documentID} 数据签名校验失败，请重新获取电子面单`);
      }
      docs.push({ documentID: d.documentID, contents: d.contents, printData, decoded: printData.map(decode) });
    }
    return { docs };
  };

  const print = (ws: WebSocket, req: Extract<ParsedRequest, { kind: 'print' }>) => {
    const result = check(req);
    if ('refused' in result) return refuse(ws, req, ...result.refused);
    const checked = result.docs;
    const job: PrintComponentJob = {
      source,
      requestID: req.id,
      taskID: req.taskID,
      printer: req.printer || printers[0] || '',
      documents: checked,
      status: 'printing',
    };
    jobs.push(job);
    const ack = protocol.printAck(req, null);
    if (ack) send(ws, ack);
    const failure = failNext;
    failNext = null;
    const t = setTimeout(() => {
      timers.delete(t);
      job.status = failure ? 'failed' : 'printed';
      if (failure) job.message = failure;
      const outcome: PrintOutcome = { ok: !failure, msg: failure ?? '', printer: job.printer, documentIDs: checked.map((d) => d.documentID) };
      send(ws, protocol.printResult(req, outcome));
    }, printDelayMs);
    timers.add(t);
  };

  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return send(ws, protocol.error('', 'unknown', '消息不是 JSON'));
      }
      const req = isRecord(msg) ? protocol.parse(msg) : null;
      if (!req) return send(ws, protocol.error('', 'unknown', `${info.name}无法识别该消息格式`));
      if (req.kind === 'getPrinters') return send(ws, protocol.printers(req, printers, printers[0] ?? ''));
      if (req.kind === 'print') return print(ws, req);
      return send(ws, protocol.error(req.id, req.name, `不支持的命令：${req.name}`));
    });
  });

  const port = await listenOnLoopback(server, opts.port ?? info.port);
  let online = true;
  const setOffline = async (offline: boolean) => {
    if (offline === !online) return;
    if (offline) {
      online = false;
      // A component that is not running refuses the connection outright: stop listening.
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } else {
      await listenOnLoopback(server, port);
      online = true;
    }
  };
  if (opts.offline) await setOffline(true);

  return {
    source,
    url: `ws://127.0.0.1:${port}${info.path === '/' ? '' : info.path}`,
    port,
    jobs: () => jobs.map((j) => ({ ...j, documents: j.documents.slice() })),
    refusals: () => refusals.slice(),
    setOffline,
    setPrinters: (p) => {
      printers = p.slice();
    },
    setPrintDelay: (ms) => {
      printDelayMs = ms;
    },
    failNextPrint: (message = '打印机缺纸或未连接') => {
      failNext = message;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await setOffline(true);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
