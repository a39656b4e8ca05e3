/**
 * Importing shop orders from marketplace export files (a background job per upload).
 * Nothing here is used by other modules: app.ts registers its routes (and jobs). Anything another
 * module needs is exported from this file, and other modules import this module only through it.
 */
export {};
