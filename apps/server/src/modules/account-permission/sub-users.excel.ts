/** The sub-account export: the list's columns, names and phones masked as on the page. */
import { ENABLE_STATUS_NAMES, type SubUserRow } from '@dropship/contract';
import type { Column } from '../goods/index.js';

/** +8 (SPEC.md section 9) without the web's date helpers. */
const at8 = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export const subUserColumns: Column<SubUserRow>[] = [
  { header: '账号', width: 20, value: (r) => r.username },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '角色', width: 30, value: (r) => r.roles.map((x) => x.name).join('、') },
  { header: '状态', value: (r) => ENABLE_STATUS_NAMES[r.state] },
  { header: '创建时间', width: 20, value: (r) => at8(r.createdAt) },
];
