/**
 * The page shell (header, menu, badges, guides). Nothing here is used by other modules yet; app.ts
 * registers its routes.
 * Other modules import this module only through this file.
 */
