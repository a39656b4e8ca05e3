/**
 * exceljs' streaming WorkbookReader with two bugs fixed, keeping exceljs' own reader code:
 *
 * - exceljs 4.4.0 decodes each inflated zip chunk to text on its own (lib/utils/parse-sax.js), so a
 *   Chinese character cut by a chunk boundary becomes "���" (upstream issues exceljs#2063, #2084;
 *   fixes #1665, #2894 unmerged). In a 10,000-row Taobao export that garbles about one address in
 *   600. A private copy of its reader modules is loaded against a parse-sax that decodes with a
 *   StringDecoder (which carries a cut character to the next chunk). The module cache is restored at
 *   once, so every other user of exceljs is untouched.
 * - Its single streaming pass over the zip (unzipper's Parse) now and then ends at the first
 *   worksheet, which it copies to a temporary file while the pass waits, and every entry after it is
 *   lost (upstream exceljs#3064). exceljs writes xl/workbook.xml last, so our own template then failed
 *   as "corrupt" about once in 400 reads; an Excel file, whose shared strings come after its sheets,
 *   would lose every text cell. The upload is in memory already, so the entries are read through the
 *   zip's central directory instead, in the order the reader needs them: relationships, workbook,
 *   shared strings, then the worksheets by number, each still parsed row by row.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';

type SaxEvent = { eventType: string; value: unknown };
interface SaxesParser {
  on(event: string, fn: (v: unknown) => void): void;
  write(text: string): void;
}

const requireHere = createRequire(import.meta.url);
const root = path.dirname(requireHere.resolve('exceljs/package.json'));
const requireExcel = createRequire(path.join(root, 'package.json'));

/** exceljs' parse-sax, decoding across chunk boundaries. */
async function* parseSax(iterable: AsyncIterable<Buffer | string>): AsyncGenerator<SaxEvent[]> {
  const { SaxesParser } = requireExcel('saxes') as { SaxesParser: new () => SaxesParser };
  const parser = new SaxesParser();
  const decoder = new StringDecoder('utf8');
  let error: unknown;
  let events: SaxEvent[] = [];
  parser.on('error', (err) => {
    error = err;
  });
  for (const eventType of ['opentag', 'text', 'closetag']) parser.on(eventType, (value) => events.push({ eventType, value }));
  const feed = (text: string) => {
    parser.write(text);
    if (error) throw error;
    const out = events;
    events = [];
    return out;
  };
  for await (const chunk of iterable) yield feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  const rest = decoder.end();
  if (rest) yield feed(rest);
}

function loadReader(): typeof ExcelJS.stream.xlsx.WorkbookReader {
  const file = (p: string) => path.join(root, 'lib', p);
  const swapped = [file('utils/parse-sax.js'), file('stream/xlsx/workbook-reader.js'), file('stream/xlsx/worksheet-reader.js')];
  const cache = requireHere.cache;
  const saved = swapped.map((p) => cache[p]);
  try {
    const [saxPath] = swapped as [string];
    cache[saxPath] = { id: saxPath, filename: saxPath, loaded: true, exports: parseSax } as unknown as NodeJS.Module;
    for (const p of swapped.slice(1)) delete cache[p];
    return requireHere(swapped[1]!) as typeof ExcelJS.stream.xlsx.WorkbookReader;
  } finally {
    swapped.forEach((p, i) => {
      const m = saved[i];
      if (m) cache[p] = m;
      else delete cache[p];
    });
  }
}

/** The parts of exceljs' reader the directory pass calls (lib/stream/xlsx/workbook-reader.js, 4.4.0). */
interface ReaderInternals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ReaderEvent>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<ReaderEvent>;
}

/**
 * What the directory pass reads: cell values with their shared strings, worksheets handed out one by
 * one. Styles, hyperlinks and the other entries are not read, so no caller can ask for them.
 */
const READ_OPTIONS = { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' } as const;
type ReaderEvent = { eventType: string; value: unknown };
interface ZipEntry {
  path: string;
  uncompressedSize: number;
  stream(): Readable;
}

/** One worksheet's inflated bytes, reporting how far through them the rows are. */
async function* counted(entry: ZipEntry, onShare: (share: number) => void): AsyncGenerator<Buffer> {
  let done = 0;
  for await (const chunk of entry.stream() as AsyncIterable<Buffer>) {
    done += chunk.length;
    onShare(entry.uncompressedSize > 0 ? Math.min(1, done / entry.uncompressedSize) : 1);
    yield chunk;
  }
}

/** exceljs' parse(), with the entries it reads taken from the central directory in the order it needs them. */
async function* parseByDirectory(reader: ReaderInternals, bytes: Buffer, onShare: (share: number) => void): AsyncGenerator<ReaderEvent> {
  const unzip = requireExcel('unzipper') as { Open: { buffer(b: Buffer): Promise<{ files: ZipEntry[] }> } };
  const { files } = await unzip.Open.buffer(bytes);
  const file = (name: string) => files.find((f) => f.path === name);
  const rels = file('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  const book = file('xl/workbook.xml');
  if (book) await reader._parseWorkbook(book.stream());
  const strings = file('xl/sharedStrings.xml');
  if (strings) yield* reader._parseSharedStrings(strings.stream());
  const sheets = files
    .map((f) => ({ f, no: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(f.path)?.[1] }))
    .filter((s): s is { f: ZipEntry; no: string } => s.no !== undefined)
    .sort((a, b) => Number(a.no) - Number(b.no));
  for (const { f, no } of sheets) yield* reader._parseWorksheet(counted(f, onShare), no);
}

export interface WorkbookRows {
  /** The workbook's worksheets, in sheet number order; each is an async iterable of its rows. */
  [Symbol.asyncIterator](): AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>;
}

let reader: typeof ExcelJS.stream.xlsx.WorkbookReader | undefined;

/**
 * Reads an .xlsx held in memory with exceljs' streaming reader (both fixes above); `onShare` hears
 * how far through the current worksheet's bytes it is (0 to 1). Loaded by the first .xlsx import,
 * not when the server starts (decision 0043).
 */
export function readWorkbook(bytes: Buffer, onShare: (share: number) => void): WorkbookRows {
  reader ??= loadReader();
  const internals = new reader(bytes as unknown as string, READ_OPTIONS) as unknown as ReaderInternals;
  return {
    async *[Symbol.asyncIterator]() {
      for await (const { eventType, value } of parseByDirectory(internals, bytes, onShare)) {
        if (eventType === 'worksheet') yield value as ExcelJS.stream.xlsx.WorksheetReader;
      }
    },
  };
}
