/**
 * 1,000 pick-up tags into one PDF, against bare pdfkit drawing the same primitives.
 *
 *   npx tsx bench/pickup-tags.bench.ts
 *
 * "Ours" is the whole path a server request takes: zod validation, template → pages, layout (line
 * breaking with the font, bwip-js encoding, dot snapping) and the pdfkit renderer. The baseline is
 * what pdfkit alone costs for the same output: the same fontkit font object, the same lines of text
 * at the same positions, the same bar rectangles, taken from our display list before timing. The
 * ratio is therefore our overhead over the unavoidable PDF work. Goal: ≤ 1.5×.
 */
import PDFDocument from 'pdfkit';
import { getFont } from '../packages/labels/src/fonts.ts';
import { type DisplayPage, layoutLabels, type PickupTagItem, renderLabels } from '../packages/labels/src/index.ts';
import { mmToPt } from '../packages/labels/src/units.ts';

const N = 1_000;
/** Odd, for a median; the machine may be shared, so the fastest run is reported too. */
const RUNS = 7;
const COLORS = ['黑色', '白色', '杏色', '雾霾蓝', '焦糖色'];
const SIZES = ['S', 'M', 'L', 'XL', '2XL'];
const STALLS = ['女装一号档', '十三行新中国大厦 3F-312', '沙河南城 A区 1025', '杭州四季青 二楼 218', '织里童装城 B-66'];
const EXPRESS = ['中通快递', '圆通速递', '韵达快递', '顺丰速运', '极兔速递'];

/**
 * A fresh batch per run (`run` shifts every code, number and article text): our measurement cache
 * outlives a document while pdfkit's does not, so re-rendering identical data would flatter us.
 */
function items(run: number): PickupTagItem[] {
  return Array.from({ length: N }, (_, j) => {
    const i = j + run * N;
    return {
      EXPRESS_NAME: EXPRESS[i % 5],
      SHOP_ORDER_GOODS_TYPE: i % 3 === 0 ? '多件' : '单件',
      ARTICLE_SIZE_NUM: `${STALLS[Math.floor(j / 200)]} A-${1000 + i} ${COLORS[i % 5]}/${SIZES[(i >> 1) % 5]} ×${1 + (i % 4)} 2024夏季新款宽松显瘦`,
      SHOP_ORDER_PRODUCT_NUM: `共${1 + (i % 4)}件`,
      PRINT_TIME: `05-12 10:${String(i % 60).padStart(2, '0')}`,
      TAKE_CODE: String(202405120000 + i),
      POSITION_NO: `${String.fromCharCode(65 + (i % 6))}-${String(i % 400).padStart(3, '0')}`,
      SHOP_ORDER_NO: String(3712345678900000 + i * 7919),
      stallName: STALLS[Math.floor(j / 200)],
    } as PickupTagItem;
  });
}

/** Bare pdfkit: the same primitives, nothing decided at draw time. */
function barePdfkit(pages: DisplayPage[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true });
    doc.registerFont('r', getFont('regular').font as unknown as string);
    doc.registerFont('b', getFont('bold').font as unknown as string);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const p of pages) {
      doc.addPage({ size: [mmToPt(p.widthMm), mmToPt(p.heightMm)], margin: 0 });
      for (const it of p.items) {
        if (it.type === 'text') {
          doc
            .font(it.bold ? 'b' : 'r')
            .fontSize(mmToPt(it.sizeMm))
            .text(it.text, mmToPt(it.x), mmToPt(it.y), {
              lineBreak: false,
              baseline: 'alphabetic',
            });
        } else if (it.type === 'barcode') {
          for (const [x, y, w, h] of it.bars) doc.rect(mmToPt(x), mmToPt(y), mmToPt(w), mmToPt(h));
          doc.fill('#000');
        }
      }
    }
    doc.end();
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const request = (run: number) => ({ kind: 'pickupTag' as const, format: 'pdf' as const, data: items(run) });

  // Warm-up on a batch of its own: font parsing, JIT, bwip-js initialisation for both paths.
  await renderLabels(request(-1));
  await barePdfkit(layoutLabels(request(-1)));

  const ours: number[] = [];
  const bare: number[] = [];
  const layoutOnly: number[] = [];
  let oursBytes = 0;
  let bareBytes = 0;
  for (let r = 0; r < RUNS; r++) {
    // The baseline draws run r's primitives; our timed call then lays out run r + RUNS, as fresh.
    const req = request(r);
    const pages = layoutLabels(request(r + 100));
    if (pages.length !== N) throw new Error(`expected ${N} pages, got ${pages.length}`);
    // Alternate the order so neither side always runs on a warmer heap.
    const pair = r % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
    for (const which of pair) {
      const t0 = performance.now();
      if (which === 'ours') {
        const res = await renderLabels(req);
        ours.push(performance.now() - t0);
        oursBytes = (res.body as Buffer).length;
      } else {
        const buf = await barePdfkit(pages);
        bare.push(performance.now() - t0);
        bareBytes = buf.length;
      }
    }
    const t1 = performance.now();
    layoutLabels(request(r + 200));
    layoutOnly.push(performance.now() - t1);
  }

  const sec = (xs: number[], f: (v: number[]) => number) => f(xs) / 1000;
  const o = sec(ours, median);
  const b = sec(bare, median);
  const oMin = sec(ours, (v) => Math.min(...v));
  const bMin = sec(bare, (v) => Math.min(...v));
  console.log(`pick-up tags: ${N} in one PDF, ${RUNS} runs each, fresh data per run (node ${process.version})`);
  console.log(
    `  ours (validate + layout + render): median ${o.toFixed(3)} s, best ${oMin.toFixed(3)} s, ${oursBytes.toLocaleString('en')} bytes, ${((o / N) * 1000).toFixed(2)} ms/tag`,
  );
  console.log(`    of which validate + layout:      median ${sec(layoutOnly, median).toFixed(3)} s`);
  console.log(`  bare pdfkit, same primitives:      median ${b.toFixed(3)} s, best ${bMin.toFixed(3)} s, ${bareBytes.toLocaleString('en')} bytes`);
  console.log(`  ratio ours / bare pdfkit:          ${(o / b).toFixed(2)}× median, ${(oMin / bMin).toFixed(2)}× best (goal ≤ 1.5×)`);
}

await main();
