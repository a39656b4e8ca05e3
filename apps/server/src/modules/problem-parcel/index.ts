/**
 * Problem parcels and headless parcels held at a warehouse (docs/decisions/0027-problem-headless-parcels.md).
 * The tables first (see funds' index for why); then openProblemParcel, the one way a PROBLEM parcel
 * is made (after-sale's inspection and the stall's refusal), and countNearDeadline, the one count
 * behind the menu badge and problemGood/nearTime/num (shell).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service.
export {
  type ParcelGood,
  type ParcelKind,
  type ParcelSource,
  parcelPhotos,
  problemParcelEvents,
  problemParcelNoSeq,
  problemParcelPayments,
  problemParcels,
} from './problem-parcel.table.js';

export { countNearDeadline, insertEvent as recordParcelEvent, nextBarcodeNo } from './problem-parcel.repository.js';
export { type OpenParcel, openProblemParcel } from './problem-parcel.service.js';
// The one photo storage: headless-parcel's parcel photos and after-sale's own photos (申请售后, 验货).
export { attachOwnPhotos, checkedImage, uploadOwnPhoto } from './photo-store.js';
