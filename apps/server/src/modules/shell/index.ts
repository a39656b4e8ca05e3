/**
 * The page shell (header, menu, badges). Others read whether the manual-delivery permission is on.
 * Other modules import this module only through this file.
 */
export { manualDeliveryPermission } from './shell.repository.js';
