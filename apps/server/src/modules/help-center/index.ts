/**
 * The help center (帮助中心, decision 0032): articles, search, feedback and article images. app.ts
 * registers the routes; no other module uses it. Other modules import this module only through this file.
 */
export { helpArticles, helpCategories, helpFeedback } from './help-center.table.js';
