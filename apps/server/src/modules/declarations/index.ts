/**
 * Purchase declarations (报单): drafts, submit (its lines become dropship orders through
 * dropship-orders' order writers, submit.service.ts) and the declaration records.
 * Nothing here is used by other modules: app.ts registers its routes. Anything another module needs
 * is exported from this file, and other modules import this module only through it.
 */
export {};
