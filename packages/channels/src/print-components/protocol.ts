/**
 * What an emulator needs of a message family: read a request into one neutral form, and write the
 * component's replies. The three families (task, taskList, JD) differ only in field names and
 * framing; the emulator's rules (printers, refusals, delays) are the same for all.
 */
import type { PlatformPrintData, PrintComponentSource } from './types.ts';

export interface ParsedDocument {
  documentID: string;
  contents: unknown[];
}

export type ParsedRequest =
  | { kind: 'getPrinters'; id: string }
  | { kind: 'print'; id: string; taskID: string; printer: string; documents: ParsedDocument[] }
  | { kind: 'other'; id: string; name: string };

export interface PrintOutcome {
  ok: boolean;
  /** The component's message when not ok. */
  msg: string;
  printer: string;
  documentIDs: string[];
}

export interface ProtocolHandler {
  /** Null when the message is not in this family's shape. */
  parse(msg: Record<string, unknown>): ParsedRequest | null;
  printers(req: ParsedRequest, printers: string[], defaultPrinter: string): object;
  /** The immediate answer to a print; null where the component answers only with the result (JD). */
  printAck(req: Extract<ParsedRequest, { kind: 'print' }>, refusal: string | null): object | null;
  /** The result once the job has printed or failed. */
  printResult(req: Extract<ParsedRequest, { kind: 'print' }>, outcome: PrintOutcome): object;
  /** An unsupported command or a message that cannot be read. */
  error(id: string, name: string, msg: string): object;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The waybill print data inside one content object, or null for a custom-area content (plain
 * `data`, no ciphertext). Template fields are spelled templateURL (Cainiao, Douyin), templateUrl
 * (PDD) or tempUrl (JD); JD names the ciphertext printData.
 */
export function printDataOf(source: PrintComponentSource, content: unknown): PlatformPrintData | null {
  if (!isRecord(content)) return null;
  const encryptedData = str(content.encryptedData ?? (source === 'JD' ? content.printData : undefined));
  if (!encryptedData) return null;
  const pd: PlatformPrintData = {
    source,
    encryptedData,
    signature: str(content.signature),
    templateUrl: str(content.templateURL ?? content.templateUrl ?? content.tempUrl),
  };
  if (content.ver !== undefined) pd.ver = str(content.ver);
  if (content.params !== undefined) pd.params = str(content.params);
  return pd;
}
