/**
 * JD's component (9113): {orderType:"GET_Printers"|"PRINT", key, version:"2", parameters}. A print
 * carries parameters {printName, contents:[{documentID, tempUrl, printData, customTempUrl?,
 * customData?, addData?}]}; replies carry {key, code ("6" printers, "2" print), success "true"/
 * "false", message, status ("500" done, "502" bad data, "503" bad format), detailinfo}. JD answers
 * a print once, with its result: there is no separate acknowledgement (public typings of JDL's
 * cloud-print guide). ⚠ JD's print data is one self-contained ciphertext; the signature the
 * e-waybill API gives us travels beside it as `signature` so the emulator can verify it.
 */
import { isRecord, type ParsedRequest, type ProtocolHandler, str } from './protocol.ts';

const CODE: Record<string, string> = { GET_Printers: '6', PRINT: '2' };

export function jdProtocol(): ProtocolHandler {
  return {
    parse(msg): ParsedRequest | null {
      if (typeof msg.orderType !== 'string') return null;
      const id = str(msg.key);
      if (msg.orderType === 'GET_Printers') return { kind: 'getPrinters', id };
      if (msg.orderType !== 'PRINT') return { kind: 'other', id, name: msg.orderType };
      const p = isRecord(msg.parameters) ? msg.parameters : {};
      const contents = Array.isArray(p.contents) ? p.contents.filter(isRecord) : [];
      return {
        kind: 'print',
        id,
        taskID: id,
        printer: str(p.printName),
        documents: contents.map((c, i) => ({ documentID: str(c.documentID) || String(i + 1), contents: [c] })),
      };
    },
    printers: (req, printers) => ({
      key: req.id,
      code: '6',
      success: 'true',
      message: '成功',
      status: '500',
      content: '',
      detailinfo: { printers },
    }),
    printAck: () => null,
    printResult: (req, o) => {
      const n = o.documentIDs.length;
      const each = o.documentIDs.map((_, i) => ({ seq: String(i + 1), msg: o.ok ? '打印成功' : o.msg }));
      return {
        key: req.id,
        code: '2',
        success: o.ok ? 'true' : 'false',
        message: o.ok ? '打印成功' : o.msg,
        status: o.ok ? '500' : '502',
        content: '',
        detailinfo: o.ok ? { total: `${n}-${n}`, detail: each } : { total: `${n}-0`, errors: each },
      };
    },
    error: (id, name, msg) => ({ key: id, code: CODE[name] ?? '', success: 'false', message: msg, status: '503', content: '', detailinfo: {} }),
  };
}
