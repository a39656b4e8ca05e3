/**
 * Roles and sub-accounts (SPEC.md sections 6 and 7 "Roles and users", decision 0011): which route
 * codes a role may grant, the tree the page ticks them in, and the calls' schemas.
 */
import { z } from 'zod';
import type { BrandVariant } from './brand.js';
import { EnableStatus } from './goods.js';
import { OPEN_TO_SUB_ACCOUNTS, SUB_PAGES } from './route-gating.js';
import { type Audience, MENU_GROUPS, type PermissionNode, ROUTES, type RouteDef, routeCode } from './routes.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** Only the main account manages accounts, so this code is never granted to a role. */
export const ACCOUNT_MANAGEMENT_PATH = '/accountPermission/accountManagement';

/**
 * Never granted to a role: account management, and the organisation's own choices of who serves it
 * (a seller's purchaser binding, a purchaser's invite codes: decision 0028), which stay with the main
 * account; and the operator pages, which no seller or purchaser role may hold.
 */
export const NOT_GRANTABLE = [
  ACCOUNT_MANAGEMENT_PATH,
  '/accountPermission/purchaserBinding',
  '/accountPermission/inviteCode',
  '/operator/orgs',
  '/operator/auditLog',
];

/** Group nodes are headings, not permissions: their codes carry this prefix and are never stored. */
export const GROUP_CODE_PREFIX = 'group:';

function visible(r: RouteDef, audience: Audience, variant?: BrandVariant) {
  if (r.public || !r.audience.includes(audience)) return false;
  if (variant && r.variantsExcluded?.includes(variant)) return false;
  if (variant && r.variantsOnly && !r.variantsOnly.includes(variant)) return false;
  return true;
}

/**
 * What a role may be granted, as the page shows it: menu groups → their routes → the pages inside
 * them. With a variant, routes hidden on that brand variant are left out (the server takes the
 * audience's codes of every variant, since one organisation can sign in on several hosts).
 */
export function roleGrantTree(audience: Audience, variant?: BrandVariant): PermissionNode[] {
  const node = (r: RouteDef): PermissionNode => ({
    code: routeCode(r.path),
    name: r.title,
    children: (SUB_PAGES[r.path] ?? [])
      .map((p) => ROUTES.find((x) => x.path === p))
      .filter((x): x is RouteDef => !!x && visible(x, audience, variant))
      .map((x) => ({ code: routeCode(x.path), name: x.title, children: [] })),
  });
  // In-page routes no menu route claims (added later, e.g.) stay grantable under their own heading.
  const claimed = new Set(Object.values(SUB_PAGES).flat());
  const others = ROUTES.filter((r) => !r.group && !claimed.has(r.path) && !NOT_GRANTABLE.includes(r.path) && visible(r, audience, variant)).map(node);
  const groups = MENU_GROUPS.filter((g) => !variant || !g.variantsExcluded?.includes(variant))
    .map((g) => ({
      code: `${GROUP_CODE_PREFIX}${g.key}`,
      name: variant === 'main' && g.mainLabel ? g.mainLabel : g.label,
      children: ROUTES.filter(
        (r) => r.group === g.key && !NOT_GRANTABLE.includes(r.path) && !OPEN_TO_SUB_ACCOUNTS.includes(r.path) && visible(r, audience, variant),
      ).map(node),
    }))
    .filter((g) => g.children.length > 0);
  return others.length ? [...groups, { code: `${GROUP_CODE_PREFIX}other`, name: '其他页面', children: others }] : groups;
}

/** Every code a role of this audience may hold. */
export function grantableCodes(audience: Audience): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: PermissionNode[]) => {
    for (const n of nodes) {
      if (!n.code.startsWith(GROUP_CODE_PREFIX)) out.add(n.code);
      walk(n.children);
    }
  };
  walk(roleGrantTree(audience));
  for (const p of OPEN_TO_SUB_ACCOUNTS) out.add(routeCode(p));
  return out;
}

export const ROLE_LIMIT = 100;
export const SUB_ACCOUNT_LIMIT = 200;

// ---- Roles ----

const roleName = requiredText('角色名称', 20);
const remark = text('备注', 100);

export const RoleAddBody = z.object({ name: roleName, remark: remark.optional() });
export type RoleAddBody = z.infer<typeof RoleAddBody>;
export const RoleEditBody = RoleAddBody.extend({ id: id('角色编号') });
export type RoleEditBody = z.infer<typeof RoleEditBody>;
export const RoleListBody = z.object({ name: text('角色名称', 20).optional() });
export type RoleListBody = z.infer<typeof RoleListBody>;

export const RoleRow = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string(),
  /** Sub-accounts (not deleted) holding the role. */
  userCount: z.number(),
  permissionCount: z.number(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

const permissionCode = z.string({ error: '权限编码必须是文字' }).trim().min(1, '权限编码不能为空').max(100, '权限编码不能超过100个字符').describe('权限编码');

export const RoleAuthorizeBody = z.object({
  roleId: id('角色编号'),
  codes: z.array(permissionCode, { error: '请选择权限' }).max(300, '权限最多300项').describe('权限'),
});
export type RoleAuthorizeBody = z.infer<typeof RoleAuthorizeBody>;

export const RolePermissions = z.object({ roleId: z.number(), codes: z.array(z.string()) });
export type RolePermissions = z.infer<typeof RolePermissions>;

export const AccountIdParams = z.object({ id: id('编号') });

// ---- Sub-accounts ----

/** Letters, digits and _ @ . - so a phone number or an e-mail-like name both work. */
export const SubUsername = requiredText('账号', 32).regex(/^[A-Za-z0-9_@.-]{4,32}$/, '账号为4到32位字母、数字或 _ @ . -，可以用手机号');
export const SubPassword = requiredText('密码', 32)
  .min(8, '密码至少8位')
  .regex(/[A-Za-z]/, '密码必须同时包含字母和数字')
  .regex(/\d/, '密码必须同时包含字母和数字');
const phone = text('手机号', 11).regex(/^(1[3-9]\d{9})?$/, '手机号必须是11位手机号码');
const personName = text('姓名', 20);
const roleIds = z.array(id('角色'), { error: '请选择角色' }).min(1, '请至少选择一个角色').max(20, '角色最多选20个').describe('角色');

export const UserAddBody = z.object({
  username: SubUsername,
  name: personName.min(1, '请输入姓名'),
  phone: phone.optional(),
  password: SubPassword,
  roleIds,
});
export type UserAddBody = z.infer<typeof UserAddBody>;

/** Name and phone left empty keep the stored values (the list only shows them masked). */
export const UserEditBody = z.object({ id: id('子账号编号'), name: personName.optional(), phone: phone.optional(), roleIds });
export type UserEditBody = z.infer<typeof UserEditBody>;

export const UserStateBody = z.object({ id: id('子账号编号'), state: EnableStatus });
export type UserStateBody = z.infer<typeof UserStateBody>;

export const UserPasswordBody = z.object({ id: id('子账号编号'), password: SubPassword });
export type UserPasswordBody = z.infer<typeof UserPasswordBody>;

export const UserFilters = z.object({
  name: text('姓名', 20).optional(),
  phone: text('手机号', 11).optional(),
  username: text('账号', 32).optional(),
  state: EnableStatus.optional().describe('状态'),
});
export const UserPageBody = pageQuery.extend(UserFilters.shape);
export type UserPageQuery = z.input<typeof UserPageBody>;

export const SubUserRow = z.object({
  id: z.number(),
  username: z.string(),
  /** Masked (maskName / maskPhone): the list never carries the full name or phone. */
  name: z.string(),
  phone: z.string(),
  state: EnableStatus,
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  createdAt: z.string(),
});
export type SubUserRow = z.infer<typeof SubUserRow>;

export const SubUserPage = z.object({ total: z.number(), list: z.array(SubUserRow) });
export type SubUserPage = z.infer<typeof SubUserPage>;
