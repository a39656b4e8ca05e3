/**
 * @dropship/labels — label layouts in millimetres, one display list, three renderers.
 * This is the package's single public entry.
 */

export * from './display-list.ts';
export { expandCertificates, expandPickupTags, type PickupJobEntry } from './jobs.ts';
export * from './kinds.ts';
export { type LayoutOptions, layoutPage, layoutPages, measureText } from './layout.ts';
export { type AfterSaleData, afterSaleLabel, afterSaleSchema } from './layouts/after-sale.ts';
export { type BackroadData, backroadLabel, backroadSchema } from './layouts/backroad.ts';
export { type Brand, brandSchema, RETURN_FOOTER, RETURN_TITLES } from './layouts/brand.ts';
export { CALIBRATION_BARCODE, CALIBRATION_QR, type CalibrationData, calibrationLabel, calibrationSchema } from './layouts/calibration.ts';
export {
  CERTIFICATE_PAGE_UNITS,
  CERTIFICATE_UNITS_PER_MM,
  type CertificateData,
  certificateLabel,
  certificateSchema,
  DEFAULT_CERTIFICATE_TITLE,
} from './layouts/certificate.ts';
export { type HeadlessData, headlessLabel, headlessSchema } from './layouts/headless.ts';
export {
  type OfflineData,
  type OfflineSupplierData,
  offlineLabel,
  offlineSchema,
  offlineSupplierLabel,
  offlineSupplierSchema,
} from './layouts/offline.ts';
export { type PickupTagItem, pickupTagItemSchema, pickupTagPage, returnTagPage, stallSeparatorPage } from './layouts/pickup-tag.ts';
export * from './layouts/pickup-tag-template.ts';
export { type ReturnData, returnLabel, returnSchema } from './layouts/return.ts';
export { hasInboundNo, type ReturnStorageData, returnStorageLabel, returnStorageSchema } from './layouts/return-storage.ts';
export * from './model.ts';
export { type LodopOptions, type LodopStep, renderLodop } from './render/lodop.ts';
export { createPdfStream, type PdfOptions, renderPdf } from './render/pdf.ts';
export { renderSvg, renderSvgPage } from './render/svg.ts';
export { layoutLabels, type RenderResult, renderLabels } from './render-labels.ts';
