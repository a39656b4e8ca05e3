/**
 * Label rendering, pick-up tag templates and certificates. One server module serves three web features:
 * features/printing (render calls, C-Lodop config), features/labels-designer (tag templates) and
 * features/certificates; they share the render path and the template shape, so they stay one module.
 * Other modules import this module only through this file.
 */
export { renderForCaller } from './render.service.js';
