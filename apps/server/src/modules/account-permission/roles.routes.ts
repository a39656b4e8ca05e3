/**
 * Roles and sub-accounts (SPEC.md section 7 "Roles and users"): the same calls serve sellers and
 * purchasers, each scoped to the caller's organisation. `GET /api/b2/purchaser/user/permissions`
 * (the menu tree) lives in the shell module.
 */
import {
  ACCOUNT_MANAGEMENT_PATH,
  AccountIdParams,
  envelopeOf,
  RoleAddBody,
  RoleAuthorizeBody,
  RoleEditBody,
  RoleListBody,
  RolePermissions,
  RoleRow,
  SubUserPage,
  UserAddBody,
  UserEditBody,
  UserFilters,
  UserPageBody,
  UserPasswordBody,
  UserStateBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { sendSheet } from '../goods/index.js';
import * as roles from './roles.service.js';
import { subUserColumns } from './sub-users.excel.js';
import * as users from './sub-users.service.js';

const BASE = '/api/b2/purchaser';
const tags = ['roles'];
const config = { permission: ACCOUNT_MANAGEMENT_PATH } as const;
const Saved = z.object({ id: z.number() });
const Done = envelopeOf(z.null());

export async function rolesRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(`${BASE}/role/add`, { config, schema: { tags, summary: '新增角色', body: RoleAddBody, response: { 200: envelopeOf(Saved) } } }, async (req) =>
    ok(await roles.addRole(db, requireCaller(req), req.body)),
  );
  app.post(`${BASE}/role/edit`, { config, schema: { tags, summary: '修改角色', body: RoleEditBody, response: { 200: Done } } }, async (req) => {
    await roles.editRole(db, requireCaller(req), req.body);
    return ok(null);
  });
  app.post(
    `${BASE}/role/list`,
    { config, schema: { tags, summary: '角色列表', body: RoleListBody, response: { 200: envelopeOf(z.array(RoleRow)) } } },
    async (req) => ok(await roles.listRoles(db, requireCaller(req), req.body.name)),
  );
  app.post(
    `${BASE}/role/permissions/authorization`,
    { config, schema: { tags, summary: '设置角色权限', body: RoleAuthorizeBody, response: { 200: Done } } },
    async (req) => {
      const body = req.body;
      await roles.authorizeRole(db, requireCaller(req), body.roleId, body.codes);
      return ok(null);
    },
  );
  app.post(`${BASE}/role/remove/:id`, { config, schema: { tags, summary: '删除角色', params: AccountIdParams, response: { 200: Done } } }, async (req) => {
    await roles.removeRole(db, requireCaller(req), req.params.id);
    return ok(null);
  });
  app.get(
    `${BASE}/role/permissions/:id`,
    { config, schema: { tags, summary: '角色的权限', params: AccountIdParams, response: { 200: envelopeOf(RolePermissions) } } },
    async (req) => ok(await roles.rolePermissions(db, requireCaller(req), req.params.id)),
  );

  app.post(
    `${BASE}/user/page`,
    { config, schema: { tags, summary: '子账号列表', body: UserPageBody, response: { 200: envelopeOf(SubUserPage) } } },
    async (req) => ok(await users.pageSubUsers(db, requireCaller(req), req.body)),
  );
  app.get(`${BASE}/user/export`, { config, schema: { tags, summary: '导出子账号（Excel）', querystring: UserFilters } }, async (req, reply) => {
    const rows = await users.subUsersForExport(db, requireCaller(req), req.query);
    return sendSheet(reply, '子账号', '子账号', subUserColumns, rows);
  });
  app.post(`${BASE}/user/add`, { config, schema: { tags, summary: '新增子账号', body: UserAddBody, response: { 200: envelopeOf(Saved) } } }, async (req) =>
    ok(await users.addSubUser(db, requireCaller(req), req.body)),
  );
  app.post(`${BASE}/user/edit`, { config, schema: { tags, summary: '修改子账号', body: UserEditBody, response: { 200: Done } } }, async (req) => {
    await users.editSubUser(db, requireCaller(req), req.body);
    return ok(null);
  });
  app.post(`${BASE}/user/updateState`, { config, schema: { tags, summary: '启用/停用子账号', body: UserStateBody, response: { 200: Done } } }, async (req) => {
    const body = req.body;
    await users.setSubUserState(db, requireCaller(req), body.id, body.state);
    return ok(null);
  });
  app.post(`${BASE}/user/password`, { config, schema: { tags, summary: '重置子账号密码', body: UserPasswordBody, response: { 200: Done } } }, async (req) => {
    const body = req.body;
    await users.resetSubUserPassword(db, requireCaller(req), body.id, body.password);
    return ok(null);
  });
  app.post(`${BASE}/user/delete/:id`, { config, schema: { tags, summary: '删除子账号', params: AccountIdParams, response: { 200: Done } } }, async (req) => {
    await users.deleteSubUser(db, requireCaller(req), req.params.id);
    return ok(null);
  });
}
