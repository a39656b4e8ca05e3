/**
 * Each component's request messages and how to read its replies (§0 table 5; labels.md §2). Pure,
 * so the message shapes are tested without a socket. Replies are reduced to one form the client
 * matches to its pending requests by id.
 */
import { COMPONENTS, type PlatformPrintData, type PrintComponentSource } from './components';

export interface PrintJobRequest {
  requestID: string;
  taskID: string;
  printer: string;
  printData: PlatformPrintData[];
}

/** A reply, reduced: which request it answers and what it says. */
export type ComponentReply =
  | { type: 'printers'; id: string; printers: string[]; defaultPrinter: string }
  /** The component took (or refused) the print; the result follows separately. */
  | { type: 'ack'; id: string; ok: boolean; msg: string }
  /** The print's outcome. `pending` for an intermediate report (Cainiao's "rendered"). */
  | { type: 'result'; id: string; ok: boolean; pending: boolean; msg: string }
  | { type: 'other' };

const documentId = (taskID: string, i: number) => `${taskID}-${i + 1}`;

/** The waybill content of one document, in the field names this component reads. */
function content(source: PrintComponentSource, pd: PlatformPrintData): Record<string, unknown> {
  const base = { encryptedData: pd.encryptedData, signature: pd.signature, ...(pd.ver ? { ver: pd.ver } : {}) };
  if (source === 'PDD') return { ...base, templateUrl: pd.templateUrl };
  if (source === 'TIKTOK') return { ...base, templateURL: pd.templateUrl, ...(pd.params ? { params: pd.params } : {}) };
  return { ...base, templateURL: pd.templateUrl };
}

export function getPrintersMessage(source: PrintComponentSource, id: string): object {
  const protocol = COMPONENTS[source].protocol;
  if (protocol === 'jd') return { orderType: 'GET_Printers', key: id, version: '2', parameters: {} };
  if (protocol === 'taskList') return { command: 'getPrinters', version: '2.0', requestID: id };
  return { cmd: 'getPrinters', requestID: id, version: '1.0' };
}

export function printMessage(source: PrintComponentSource, job: PrintJobRequest): object {
  const protocol = COMPONENTS[source].protocol;
  if (protocol === 'jd') {
    return {
      orderType: 'PRINT',
      key: job.requestID,
      version: '2',
      parameters: {
        printName: job.printer,
        // ⚠ JD's printData is one self-contained ciphertext; the signature rides beside it.
        contents: job.printData.map((pd, i) => ({
          documentID: documentId(job.taskID, i),
          tempUrl: pd.templateUrl,
          printData: pd.encryptedData,
          signature: pd.signature,
        })),
      },
    };
  }
  if (protocol === 'taskList') {
    return {
      command: 'print',
      version: '2.0',
      requestID: job.requestID,
      printType: 1,
      printer: job.printer,
      taskList: job.printData.map((pd, i) => ({ taskID: documentId(job.taskID, i), printInfo: content(source, pd), printNum: 1 })),
    };
  }
  return {
    cmd: 'print',
    requestID: job.requestID,
    version: '1.0',
    task: {
      taskID: job.taskID,
      preview: false,
      printer: job.printer,
      notifyType: ['print'],
      documents: job.printData.map((pd, i) => ({ documentID: documentId(job.taskID, i), contents: [content(source, pd)] })),
    },
  };
}

const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The first failure message inside a result, when the top level has none. */
function detailMsg(list: unknown): string {
  if (!Array.isArray(list)) return '';
  for (const item of list as Record<string, unknown>[]) {
    const m = s(item?.msg);
    if (m && s(item?.status) !== 'success') return m;
  }
  return '';
}

export function readReply(source: PrintComponentSource, raw: unknown): ComponentReply {
  if (typeof raw !== 'object' || raw === null) return { type: 'other' };
  const m = raw as Record<string, unknown>;
  const protocol = COMPONENTS[source].protocol;
  if (protocol === 'jd') {
    const id = s(m.key);
    const ok = s(m.success) === 'true';
    const info = (m.detailinfo ?? {}) as Record<string, unknown>;
    if (s(m.code) === '6') {
      const printers = Array.isArray(info.printers) ? info.printers.map(s).filter(Boolean) : [];
      return { type: 'printers', id, printers, defaultPrinter: printers[0] ?? '' };
    }
    if (s(m.code) === '2') return { type: 'result', id, ok, pending: false, msg: ok ? '' : s(m.message) || detailMsg(info.errors) };
    return { type: 'other' };
  }
  const name = s(protocol === 'taskList' ? m.command : m.cmd);
  if (name === 'getPrinters') {
    const printers = Array.isArray(m.printers) ? (m.printers as Record<string, unknown>[]).map((p) => s(p?.name)).filter(Boolean) : [];
    return { type: 'printers', id: s(m.requestID), printers, defaultPrinter: s(m.defaultPrinter) || (printers[0] ?? '') };
  }
  if (name === 'print') return { type: 'ack', id: s(m.requestID), ok: s(m.status) !== 'failed', msg: s(m.msg) };
  if (name === 'notifyPrintResult' || name === 'PrintResultNotify') {
    const status = s(m.taskStatus);
    const ok = status === 'printed';
    // Task components report by taskID (their notify may carry no requestID); taskList ones by requestID.
    const id = protocol === 'taskList' ? s(m.requestID) : s(m.taskID);
    const msg = ok ? '' : s(m.msg) || detailMsg(protocol === 'taskList' ? m.taskList : m.printStatus);
    // "rendered" is an intermediate report; anything but "printed" after it is a failure (e.g. partPrinted).
    return { type: 'result', id, ok, pending: status === 'rendered', msg };
  }
  return { type: 'other' };
}
