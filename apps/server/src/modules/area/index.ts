/**
 * China's administrative areas: the tree and the lookups that turn an address text into province/city/district
 * (findArea, splitAddress), used by imports, declarations, order creation and the courier fee book.
 * Other modules import this module only through this file.
 */
export { areaTree } from './area.data.js';
export { findArea, matchNamed, splitAddress } from './area.lookup.js';
