/**
 * Every label kind with its data schema and page builder, and the request schema for
 * POST /api/labels/render {kind, format, data, options}.
 */
import { z } from 'zod';
import { expandCertificates, expandPickupTags } from './jobs.ts';
import { afterSaleLabel, afterSaleSchema } from './layouts/after-sale.ts';
import { backroadLabel, backroadSchema } from './layouts/backroad.ts';
import { brandSchema, type LayoutContext } from './layouts/brand.ts';
import { calibrationLabel, calibrationSchema } from './layouts/calibration.ts';
import { certificateLabel, certificateSchema } from './layouts/certificate.ts';
import { headlessLabel, headlessSchema } from './layouts/headless.ts';
import { offlineLabel, offlineSchema, offlineSupplierLabel, offlineSupplierSchema } from './layouts/offline.ts';
import { type PickupTagItem, pickupTagItemSchema, pickupTagPage, returnTagPage, stallSeparatorPage } from './layouts/pickup-tag.ts';
import { defaultPickupTagTemplate, pickupTagTemplateSchema } from './layouts/pickup-tag-template.ts';
import { returnLabel, returnSchema } from './layouts/return.ts';
import { returnStorageLabel, returnStorageSchema } from './layouts/return-storage.ts';
import { waybillLabel, waybillSchema } from './layouts/waybill.ts';
import type { Page } from './model.ts';

export const LABEL_KINDS = [
  'pickupTag',
  'backroad',
  'afterSale',
  'offline',
  'offlineSupplier',
  'return',
  'returnStorage',
  'headless',
  'certificate',
  'calibration',
  'waybill',
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const LABEL_FORMATS = ['pdf', 'svg', 'lodop'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** One request may not expand to more pages than this (certificate quantities multiply). */
export const MAX_PAGES = 10_000;
const MAX_ITEMS = 5_000;

export const renderOptionsSchema = z.object({
  brand: brandSchema.default('main'),
  /** Per-workstation calibration, added to every x / y. */
  offsetXMm: z.number().min(-20).max(20).default(0),
  offsetYMm: z.number().min(-20).max(20).default(0),
  /** Pick-up tags only; the built-in default when absent. */
  template: pickupTagTemplateSchema.optional(),
  /** Pick-up tags only: the pick-up part (canvas) or the return part (artno tags). */
  pickupTagPart: z.enum(['pickup', 'return']).default('pickup'),
  /** Return labels: replaces the brand's title. */
  returnTitle: z.string().trim().min(1).max(30).optional(),
  /** Printer resolution barcode modules are snapped to. */
  dpi: z.number().int().min(100).max(1200).default(203),
});
export type RenderOptions = z.input<typeof renderOptionsSchema>;
export type ResolvedRenderOptions = z.output<typeof renderOptionsSchema>;

export const LABEL_DATA_SCHEMAS = {
  pickupTag: pickupTagItemSchema,
  backroad: backroadSchema,
  afterSale: afterSaleSchema,
  offline: offlineSchema,
  offlineSupplier: offlineSupplierSchema,
  return: returnSchema,
  returnStorage: returnStorageSchema,
  headless: headlessSchema,
  certificate: certificateSchema,
  calibration: calibrationSchema,
  waybill: waybillSchema,
} as const;

export type LabelData = { [K in LabelKind]: z.output<(typeof LABEL_DATA_SCHEMAS)[K]> };
export type LabelDataInput = { [K in LabelKind]: z.input<(typeof LABEL_DATA_SCHEMAS)[K]> };

const requestFor = <K extends LabelKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    format: z.enum(LABEL_FORMATS),
    data: z.array(LABEL_DATA_SCHEMAS[kind]).min(1).max(MAX_ITEMS),
    options: renderOptionsSchema.default({
      brand: 'main',
      offsetXMm: 0,
      offsetYMm: 0,
      pickupTagPart: 'pickup',
      dpi: 203,
    }),
  });

/** Body of POST /api/labels/render; errors carry the path of the offending field. */
export const labelRenderRequestSchema = z.discriminatedUnion('kind', [
  requestFor('pickupTag'),
  requestFor('backroad'),
  requestFor('afterSale'),
  requestFor('offline'),
  requestFor('offlineSupplier'),
  requestFor('return'),
  requestFor('returnStorage'),
  requestFor('headless'),
  requestFor('certificate'),
  requestFor('calibration'),
  requestFor('waybill'),
]);
export type LabelRenderRequest = z.input<typeof labelRenderRequestSchema>;
export type ParsedLabelRenderRequest = z.output<typeof labelRenderRequestSchema>;

function pickupTagPages(items: readonly PickupTagItem[], o: ResolvedRenderOptions): Page[] {
  const t = o.template ?? defaultPickupTagTemplate();
  if (o.pickupTagPart === 'return') return items.map((it) => returnTagPage(t, it));
  return expandPickupTags(t, items).map((e) => (e.type === 'tag' ? pickupTagPage(t, e.item) : stallSeparatorPage(t, e.stallName, e.count)));
}

/** Pages (layout model) for validated data. */
export function buildPages(req: ParsedLabelRenderRequest): Page[] {
  const o = req.options;
  const ctx: LayoutContext = { brand: o.brand, ...(o.returnTitle ? { returnTitle: o.returnTitle } : {}) };
  if (req.kind === 'certificate') {
    const total = req.data.reduce((n, d) => n + d.quantity, 0);
    if (total > MAX_PAGES) throw new RangeError(`certificate quantities add up to ${total} labels; at most ${MAX_PAGES} per request`);
  }
  switch (req.kind) {
    case 'pickupTag':
      return pickupTagPages(req.data, o);
    case 'backroad':
      return req.data.flatMap((d) => backroadLabel(d));
    case 'afterSale':
      return req.data.flatMap((d) => afterSaleLabel(d));
    case 'offline':
      return req.data.flatMap((d) => offlineLabel(d));
    case 'offlineSupplier':
      return req.data.flatMap((d) => offlineSupplierLabel(d));
    case 'return':
      return req.data.flatMap((d) => returnLabel(d, ctx));
    case 'returnStorage':
      return req.data.flatMap((d) => returnStorageLabel(d));
    case 'headless':
      return req.data.flatMap((d) => headlessLabel(d));
    case 'certificate':
      return expandCertificates(req.data).flatMap((d) => certificateLabel(d));
    case 'calibration':
      return req.data.flatMap((d) => calibrationLabel(d));
    case 'waybill':
      return req.data.flatMap((d) => waybillLabel(d));
  }
}
