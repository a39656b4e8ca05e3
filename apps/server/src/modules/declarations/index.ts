/**
 * Purchase declarations (报单). Dropship orders read and mark the declaration they are placed from
 * through these repository functions.
 * Other modules import this module only through this file.
 */
export type { DeclarationRecord, LineRecord } from './declarations.repository.js';
export { linesOf, linkLines, lockDeclaration, markSubmitted, suppliersByIds } from './declarations.repository.js';
