/**
 * Messages to sellers and purchasers (站内信).
 * Nothing here is used by other modules: app.ts registers its routes (and jobs). Anything another
 * module needs is exported from this file, and other modules import this module only through it.
 */
export {};
