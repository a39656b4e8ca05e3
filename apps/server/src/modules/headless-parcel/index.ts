/**
 * Headless parcels (无头件, docs/decisions/0027-problem-headless-parcels.md): intake from the return
 * desk (intakeUnmatched, offline's unmatchedParcelRegistered, wired in src/hooks.ts), the pool,
 * claims, the automatic matching and parcel photos. app.ts registers its routes (and its job).
 * Other modules import this module only through this file.
 */

export { headlessClaims } from './headless-parcel.table.js';
export { intakeUnmatched } from './intake.service.js';
