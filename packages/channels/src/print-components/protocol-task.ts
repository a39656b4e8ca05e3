/**
 * The cmd/task family: Cainiao (13528), PDD (5000) and Douyin (13888). Every request is
 * {cmd, requestID, version:"1.0"}; a print carries task.documents[].contents[]; the component
 * answers the print at once ({cmd:"print", taskID, status}) and later sends the task's result:
 * notifyPrintResult (PDD names it PrintResultNotify) with taskStatus and printStatus per document
 * (labels.md §2; ec-print's typings). The status/msg fields of replies follow those typings.
 */
import { isRecord, type ParsedRequest, type ProtocolHandler, str } from './protocol.ts';
import type { PrintComponentSource } from './types.ts';

export function taskProtocol(source: PrintComponentSource): ProtocolHandler {
  const notifyCmd = source === 'PDD' ? 'PrintResultNotify' : 'notifyPrintResult';
  return {
    parse(msg): ParsedRequest | null {
      if (typeof msg.cmd !== 'string') return null;
      const id = str(msg.requestID);
      if (msg.cmd === 'getPrinters') return { kind: 'getPrinters', id };
      if (msg.cmd !== 'print') return { kind: 'other', id, name: msg.cmd };
      const task = isRecord(msg.task) ? msg.task : {};
      const docs = Array.isArray(task.documents) ? task.documents : [];
      return {
        kind: 'print',
        id,
        taskID: str(task.taskID),
        printer: str(task.printer),
        documents: docs.filter(isRecord).map((d) => ({ documentID: str(d.documentID), contents: Array.isArray(d.contents) ? d.contents : [] })),
      };
    },
    printers: (req, printers, defaultPrinter) => ({
      cmd: 'getPrinters',
      requestID: req.id,
      status: 'success',
      msg: '',
      defaultPrinter,
      printers: printers.map((name) => ({ name, status: 'enable' })),
    }),
    printAck: (req, refusal) => ({ cmd: 'print', requestID: req.id, taskID: req.taskID, status: refusal ? 'failed' : 'success', msg: refusal ?? '' }),
    printResult: (req, o) => ({
      cmd: notifyCmd,
      requestID: req.id,
      taskID: req.taskID,
      printer: o.printer,
      taskStatus: o.ok ? 'printed' : 'failed',
      msg: o.msg,
      printStatus: o.documentIDs.map((documentID) => ({ documentID, status: o.ok ? 'success' : 'failed', msg: o.msg, detail: '' })),
    }),
    error: (id, name, msg) => ({ cmd: name, requestID: id, status: 'failed', msg }),
  };
}
