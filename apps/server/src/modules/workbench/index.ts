/**
 * The workbench (/home): POST /api/home/data. app.ts registers its routes; the writers that can take
 * something out of a closed day (picking's cancelled take mark, the warehouse's voided waybill) call
 * `forgetKeptDay`. Other modules import this module only through this file.
 */
export { forgetKeptDay } from './workbench-figures.repository.js';
