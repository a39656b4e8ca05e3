/**
 * The workbench (/home): POST /api/home/data. app.ts registers its routes; nothing else imports it.
 * Other modules import this module only through this file.
 */
