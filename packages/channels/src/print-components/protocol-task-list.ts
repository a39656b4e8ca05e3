/**
 * The command/taskList family: Kuaishou (16888, path /ks/printer) and Xiaohongshu (10818).
 * ⚠ Unverified: the only public source is one ERP's pages, which reuse a sample that looks like
 * WeChat Channels' component ({command, version:"2.0", requestID, taskList:[{taskID, printInfo,
 * printNum}], printType, printer}); another public typing shows Kuaishou on the cmd/task shape.
 * Replies here are our guess in the same naming: {command:"print", status, msg} at once, then
 * {command:"notifyPrintResult", taskStatus, taskList:[{taskID, status, msg}]}.
 */
import { isRecord, type ParsedRequest, type ProtocolHandler, str } from './protocol.ts';

/** printInfo arrives as an object or as the JSON text the e-waybill API returned. */
function printInfoOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

export function taskListProtocol(): ProtocolHandler {
  return {
    parse(msg): ParsedRequest | null {
      if (typeof msg.command !== 'string') return null;
      const id = str(msg.requestID);
      if (msg.command === 'getPrinters') return { kind: 'getPrinters', id };
      if (msg.command !== 'print') return { kind: 'other', id, name: msg.command };
      const list = Array.isArray(msg.taskList) ? msg.taskList.filter(isRecord) : [];
      return {
        kind: 'print',
        id,
        taskID: id,
        printer: str(msg.printer),
        documents: list.map((t) => ({ documentID: str(t.taskID), contents: [printInfoOf(t.printInfo)] })),
      };
    },
    printers: (req, printers, defaultPrinter) => ({
      command: 'getPrinters',
      requestID: req.id,
      status: 'success',
      msg: '',
      defaultPrinter,
      printers: printers.map((name) => ({ name })),
    }),
    printAck: (req, refusal) => ({ command: 'print', requestID: req.id, status: refusal ? 'failed' : 'success', msg: refusal ?? '' }),
    printResult: (req, o) => ({
      command: 'notifyPrintResult',
      requestID: req.id,
      printer: o.printer,
      taskStatus: o.ok ? 'printed' : 'failed',
      msg: o.msg,
      taskList: o.documentIDs.map((taskID) => ({ taskID, status: o.ok ? 'success' : 'failed', msg: o.msg })),
    }),
    error: (id, name, msg) => ({ command: name, requestID: id, status: 'failed', msg }),
  };
}
