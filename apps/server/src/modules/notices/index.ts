/**
 * Announcements and popups (公告、弹窗; web features notices and operator-console). app.ts registers
 * the routes; no other module uses it. Other modules import this module only through this file.
 */
export { announcementReads, announcements, popups, popupViews } from './notices.table.js';
