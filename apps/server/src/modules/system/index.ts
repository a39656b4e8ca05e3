/**
 * System content (user guides, tracking): the shell asks whether a guided tour was closed and marks
 * it closed (guideDone, markGuideDone).
 * Other modules import this module only through this file.
 */
export { guideDone, markGuideDone } from './system.repository.js';
