/** The sub-account export: the list's columns, names and phones masked as on the page. */
import { ENABLE_STATUS_NAMES, type SubUserRow } from '@dropship/contract';
import { timeColumn, type XlsxColumn } from '../../lib/excel/index.js';

export const subUserColumns: XlsxColumn<SubUserRow>[] = [
  { header: '账号', width: 20, value: (r) => r.username },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '角色', width: 30, value: (r) => r.roles.map((x) => x.name).join('、') },
  { header: '状态', value: (r) => ENABLE_STATUS_NAMES[r.state] },
  timeColumn('创建时间', (r) => r.createdAt),
];
