import type { Plugin } from 'vite';

/** antd's column-filter dropdown: it brings antd's Tree, Menu, Dropdown and their rc packages along. */
const FILTER_DROPDOWN = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
/** Row selection: it needs four helpers of @rc-component/tree, imported through the package's index. */
const USE_SELECTION = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/;
const TREE_BARREL_IMPORT = "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';";
const TREE_FILE_IMPORTS = [
  "import { arrAdd, arrDel } from '@rc-component/tree/es/util';",
  "import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
  "import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
].join(' ');

/** What stands in for the filter dropdown: the props every column filter needs are refused by a test. */
const NO_FILTER_DROPDOWN = `
export function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}
export default function FilterDropdown() {
  throw new Error('表格列筛选（filters / filterDropdown / onFilter）未打包：本应用的筛选在列表上方的筛选栏里（lib/list-page）。');
}
`;

/**
 * Two cuts of antd's Table for the pages' first visit (decision 0040, third pass). A chunk holds every
 * module its importers can reach by a static import, used or not; two of Table's imports reach much
 * more than the list pages use:
 * - The column-filter dropdown (`filters`, `filterDropdown`, `onFilter` on a column) imports antd's
 *   Tree, Menu, Dropdown and Empty, ~11 KB gzip. No table here filters in its header: every list
 *   filters in the bar above it (lib/list-page), and `no-column-filters.test.ts` keeps it so. The
 *   dropdown is replaced by a component that throws, so a column filter fails its page loudly
 *   instead of drawing nothing.
 * - Row selection imports four helpers from @rc-component/tree's index, which also imports the tree
 *   component itself (~6 KB gzip); the helpers are imported from their own files instead.
 * Both apply to the build only (the jsdom tests and `vite dev` run antd as published) and stop the
 * build when antd's file no longer has the expected shape, so an antd upgrade cannot drop them quietly.
 */
export function antdTableTrim(): Plugin {
  return {
    name: 'antd-table-trim',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return FILTER_DROPDOWN.test(id) ? NO_FILTER_DROPDOWN : null;
    },
    transform(code, id) {
      if (!USE_SELECTION.test(id)) return null;
      if (!code.includes(TREE_BARREL_IMPORT)) throw new Error(`antd-table-trim: ${id} 不再按原样导入 @rc-component/tree（antd 升级了？），请核对此插件`);
      return { code: code.replace(TREE_BARREL_IMPORT, TREE_FILE_IMPORTS), map: null };
    },
  };
}
