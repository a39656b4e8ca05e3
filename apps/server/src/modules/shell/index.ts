/**
 * The page shell (header, menu, badges, guides). app.ts registers its routes; the workbench reads the
 * problem-parcel badge's "near the deadline" from here, so both count the same parcels.
 * Other modules import this module only through this file.
 */
export { PROBLEM_NEAR_DEADLINE_MS } from './shell.service.js';
