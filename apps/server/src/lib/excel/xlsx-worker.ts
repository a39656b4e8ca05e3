/**
 * The Excel writer's thread (xlsx-thread.ts starts it): exceljs' streaming writer for each open
 * workbook, fed the rows' cells page by page; the zipped bytes go back to the server's thread as
 * they come out (moved, not copied).
 */
import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { lowerThisThreadPriority } from '../thread-priority.js';
import { openStreamedSheet } from './exceljs.js';
import type { XlsxAnswer, XlsxAsk } from './xlsx-thread.js';

// Background work: the event loop's callers come first (thread-priority.ts).
lowerThisThreadPriority();

interface Book {
  wb: ExcelJS.stream.xlsx.WorkbookWriter;
  ws: ExcelJS.Worksheet;
  ended: Promise<void>;
}

const books = new Map<number, Promise<Book>>();
const post = (a: XlsxAnswer, transfer?: ArrayBuffer[]) => parentPort?.postMessage(a, transfer ?? []);

async function open(a: Extract<XlsxAsk, { type: 'open' }>): Promise<Book> {
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => {
    const bytes = new Uint8Array(chunk.byteLength);
    bytes.set(chunk);
    post({ type: 'bytes', id: a.id, bytes }, [bytes.buffer]);
  });
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Awaited by the workbook's end; an aborted workbook's stream failing later must not end the thread.
  ended.catch(() => {});
  return { ...(await openStreamedSheet(out, a.sheetName, a.columns)), ended };
}

async function handle(a: XlsxAsk) {
  if (a.type === 'open') {
    const book = open(a);
    book.catch(() => {});
    books.set(a.id, book);
    return;
  }
  const book = books.get(a.id);
  if (!book) return;
  if (a.type === 'abort') {
    books.delete(a.id);
    return;
  }
  try {
    const b = await book;
    if (a.type === 'rows') {
      for (const cells of a.rows) b.ws.addRow(cells).commit();
      post({ type: 'written', id: a.id });
    } else {
      b.ws.commit();
      await b.wb.commit();
      await b.ended;
      books.delete(a.id);
      post({ type: 'done', id: a.id });
    }
  } catch (e) {
    books.delete(a.id);
    post({ type: 'error', id: a.id, message: e instanceof Error ? e.message : String(e) });
  }
}

// Messages of one workbook are handled in order: each waits for the one before it.
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (a: XlsxAsk) => {
  queue = queue.then(() => handle(a));
});
