/**
 * The label kinds a workstation prints, with their Chinese names (docs/CONTEXT.md). The list
 * mirrors LABEL_KINDS of @dropship/labels; the web app does not import that package (it brings
 * pdfkit and a 41 MB font), so a new kind is added here by hand.
 */
export const PRINT_KINDS = [
  'pickupTag',
  'backroad',
  'afterSale',
  'offline',
  'offlineSupplier',
  'return',
  'returnStorage',
  'headless',
  'certificate',
  'waybill',
] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export const PRINT_KIND_NAMES: Record<PrintKind, string> = {
  pickupTag: '拿货标签',
  backroad: '回货标签',
  afterSale: '售后标签',
  offline: '线下拿货标签',
  offlineSupplier: '线下拿货标签(供应商)',
  return: '退货标签',
  returnStorage: '退货入库标签',
  headless: '无头件标签',
  certificate: '合格证',
  waybill: '快递面单',
};

/**
 * The calibration page (rulers, a crosshair at 10 mm / 10 mm, a test barcode and QR) at the page
 * size of the label kind being calibrated: pick-up tags are 60 × 40 mm, waybills 76 × 130, every other label 40 × 70.
 */
export function calibrationRequest(kind: PrintKind) {
  const size = kind === 'pickupTag' ? { widthMm: 60, heightMm: 40 } : kind === 'waybill' ? { widthMm: 76, heightMm: 130 } : { widthMm: 40, heightMm: 70 };
  return { kind: 'calibration' as const, data: [size] };
}
