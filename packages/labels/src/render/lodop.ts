/**
 * C-Lodop command steps. The browser side replays them as `LODOP[step.fn](...step.args)`; they are
 * data, never code strings to eval (labels.md §7).
 *
 * Units: item coordinates are px of 1/96 in (mm × 96 / 25.4), page size in 0.1 mm. Text is sent
 * line by line, already broken, in the line box the layout used, with Lodop's own alignment:
 * Lodop draws with Windows fonts whose widths differ from the embedded one, so an exact x would
 * misalign centred and right-aligned text. Barcodes are sent as Lodop barcodes (128Auto, 128A,
 * QRCode) in the bars' box, without Lodop's text: the human-readable line is our own text item.
 */
import type { DisplayItem, DisplayPage, RenderOffset } from '../display-list.ts';
import type { TextAlign } from '../model.ts';
import { mmToPx, round2 } from '../units.ts';

export type LodopFn =
  | 'PRINT_INITA'
  | 'SET_PRINT_PAGESIZE'
  | 'ADD_PRINT_TEXT'
  | 'ADD_PRINT_BARCODE'
  | 'ADD_PRINT_LINE'
  | 'ADD_PRINT_IMAGE'
  | 'SET_PRINT_STYLEA'
  | 'NEWPAGEA';

export interface LodopStep {
  fn: LodopFn;
  args: (string | number)[];
}

export interface LodopOptions extends RenderOffset {
  /** Print task name shown in the Windows spooler. */
  taskName?: string;
}

const px = (mm: number): number => round2(mmToPx(mm));
const ALIGNMENT: Record<TextAlign, number> = { left: 1, center: 2, right: 3 };
/** Lodop line styles: 0 solid, 1 dashed. */
const LINE_STYLE = { solid: 0, dashed: 1 } as const;

/**
 * Steps for a whole job. The calibration offset goes into PRINT_INITA's top/left, which is Lodop's
 * own whole-job shift (整体偏移); item coordinates stay page-relative. All pages share the first
 * page's size, as one Lodop job has one page size.
 */
export function renderLodop(pages: readonly DisplayPage[], opts: LodopOptions = {}): LodopStep[] {
  const first = pages[0];
  if (!first) return [];
  const steps: LodopStep[] = [
    {
      fn: 'PRINT_INITA',
      args: [px(opts.offsetYMm ?? 0), px(opts.offsetXMm ?? 0), px(first.widthMm), px(first.heightMm), opts.taskName ?? 'labels'],
    },
    {
      fn: 'SET_PRINT_PAGESIZE',
      args: [1, Math.round(first.widthMm * 10), Math.round(first.heightMm * 10), 'CreateCustomPage'],
    },
  ];
  pages.forEach((page, i) => {
    if (i > 0) steps.push({ fn: 'NEWPAGEA', args: [] });
    for (const it of page.items) steps.push(...itemSteps(it));
  });
  return steps;
}

const style = (name: string, value: string | number): LodopStep => ({
  fn: 'SET_PRINT_STYLEA',
  args: [0, name, value],
});

function itemSteps(it: DisplayItem): LodopStep[] {
  switch (it.type) {
    case 'text': {
      const [x, y, w, h] = it.box;
      const steps: LodopStep[] = [
        { fn: 'ADD_PRINT_TEXT', args: [px(y), px(x), px(w), px(h), it.text] },
        // sizeMm back to points; 2 decimals undo the float noise (7.5 pt, not 7.4999999).
        style('FontSize', round2((it.sizeMm * 72) / 25.4)),
      ];
      if (it.bold) steps.push(style('Bold', 1));
      steps.push(style('Alignment', ALIGNMENT[it.align]));
      return steps;
    }
    case 'barcode': {
      const [x, y, w, h] = it.box;
      return [
        {
          fn: 'ADD_PRINT_BARCODE',
          args: [px(y), px(x), px(w), px(h), it.symbology === 'code128a' ? '128A' : '128Auto', it.value],
        },
        style('ShowBarText', 0),
      ];
    }
    case 'qrcode': {
      const [x, y, w, h] = it.box;
      return [{ fn: 'ADD_PRINT_BARCODE', args: [px(y), px(x), px(w), px(h), 'QRCode', it.value] }, style('QRCodeErrorLevel', it.ecLevel)];
    }
    case 'image': {
      const [x, y, w, h] = it.box;
      return [
        { fn: 'ADD_PRINT_IMAGE', args: [px(y), px(x), px(w), px(h), `<img src="${it.src}"/>`] },
        // 2 = scale to the item, keeping the aspect ratio.
        style('Stretch', 2),
      ];
    }
    case 'line':
      return [
        {
          fn: 'ADD_PRINT_LINE',
          args: [px(it.y1), px(it.x1), px(it.y2), px(it.x2), it.dashed ? LINE_STYLE.dashed : LINE_STYLE.solid, Math.max(1, Math.round(mmToPx(it.widthMm)))],
        },
      ];
  }
}
