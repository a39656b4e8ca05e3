/**
 * Problem parcels and headless parcels held at a warehouse (docs/decisions/0027-problem-headless-parcels.md).
 * Other modules import this module only through this file.
 */
export {
  type ParcelGood,
  type ParcelKind,
  type ParcelSource,
  parcelPhotos,
  problemParcelEvents,
  problemParcelNoSeq,
  problemParcels,
} from './problem-parcel.table.js';
