/**
 * Announcements and popups (公告、弹窗; web features notices and operator-console). app.ts registers
 * the routes. Other modules import this module only through this file: the help center uses its
 * HTML sanitiser (`sanitizeHtml`) for rendered article Markdown.
 */
export { announcementReads, announcements, popups, popupViews } from './notices.table.js';
export { sanitizeHtml } from './sanitize-html.js';
