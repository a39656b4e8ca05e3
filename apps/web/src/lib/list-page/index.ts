/** The list-page pattern: one hook, typed URL parameters, the filter form and the export button. */

export { useColumnSettings } from './ColumnSettings';
export { ExportButton } from './ExportButton';
export type { FilterField } from './filter-fields';
export { type BarField, ListFilterBar, optionsOf } from './ListFilterBar';
export { ListFilterForm } from './ListFilterForm';
export { type ListAction, ListToolbar } from './ListToolbar';
export { MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './list-state';
export { day, idList, month, oneOf, positiveInt, text } from './params';
export { useListPage } from './use-list-page';
export { useUrlParams } from './use-url-params';
