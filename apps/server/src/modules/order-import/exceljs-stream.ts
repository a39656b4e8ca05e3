/**
 * exceljs' streaming WorkbookReader with one bug fixed: exceljs 4.4.0 decodes each inflated zip
 * chunk to text on its own (lib/utils/parse-sax.js), so a Chinese character cut by a chunk
 * boundary becomes "���" (upstream issues exceljs#2063, #2084; fixes #1665, #2894 unmerged).
 * In a 10,000-row Taobao export that garbles about one address in 600.
 *
 * The fix keeps exceljs' own reader code: a private copy of its reader modules is loaded against a
 * parse-sax that decodes with a StringDecoder (which carries a cut character to the next chunk).
 * The module cache is restored at once, so every other user of exceljs is untouched.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
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

let reader: typeof ExcelJS.stream.xlsx.WorkbookReader | undefined;

/**
 * The streaming workbook reader of exceljs, with multi-byte text decoded correctly; loaded by the
 * first .xlsx import, not when the server starts (decision 0043).
 */
export function workbookReader(): typeof ExcelJS.stream.xlsx.WorkbookReader {
  reader ??= loadReader();
  return reader;
}
