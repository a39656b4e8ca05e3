/** Calls of 账号管理 (roles and sub-accounts) and their query keys. */
import type { RoleAddBody, RoleEditBody, RolePermissions, RoleRow, SubUserPage, UserAddBody, UserEditBody, UserPageQuery } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

const B = '/api/b2/purchaser';
const post = <T>(url: string, data: unknown = {}) => call<T>({ method: 'POST', url: `${B}${url}`, data });

export type UserFilters = Omit<UserPageQuery, 'pageNo' | 'pageSize'>;

export const accountKeys = {
  all: ['account-permission'] as const,
  roles: ['account-permission', 'roles'] as const,
  roleCodes: (id: number) => ['account-permission', 'role-codes', id] as const,
  users: (q: object) => ['account-permission', 'users', q] as const,
};

export const accountApi = {
  roles: () => post<RoleRow[]>('/role/list'),
  addRole: (body: RoleAddBody) => post<{ id: number }>('/role/add', body),
  editRole: (body: RoleEditBody) => post<null>('/role/edit', body),
  removeRole: (id: number) => post<null>(`/role/remove/${id}`),
  roleCodes: (id: number) => call<RolePermissions>({ method: 'GET', url: `${B}/role/permissions/${id}` }),
  authorize: (roleId: number, codes: string[]) => post<null>('/role/permissions/authorization', { roleId, codes }),

  users: (q: UserPageQuery) => post<SubUserPage>('/user/page', q),
  addUser: (body: UserAddBody) => post<{ id: number }>('/user/add', body),
  editUser: (body: UserEditBody) => post<null>('/user/edit', body),
  setState: (id: number, state: 'ENABLED' | 'DISABLED') => post<null>('/user/updateState', { id, state }),
  resetPassword: (id: number, password: string) => post<null>('/user/password', { id, password }),
  deleteUser: (id: number) => post<null>(`/user/delete/${id}`),
  async exportUsers(filters: UserFilters) {
    const r = await downloadExcel({ url: `${B}/user/export`, fileName: '子账号', params: filters as Record<string, unknown> });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
