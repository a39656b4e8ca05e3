/**
 * Small helpers shared by the server test files (the app itself comes from helpers.ts): row
 * counts straight from the database, a second seller tenant, and inject shorthands.
 */
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { shops } from '../src/modules/shops/shops.table.js';
import type { Session } from './helpers.js';

export const PASSWORD = 'Tenant@2026';
export const days = (n: number) => new Date(Date.now() + n * 86_400_000);

export async function rowCount(db: Db, table: PgTable): Promise<number> {
  const [r] = await db.select({ n: count() }).from(table);
  return Number(r?.n ?? 0);
}

/** Counts of every table a bad request could touch, to prove it changed nothing. */
export async function snapshotCounts(db: Db, tables: Record<string, PgTable>) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = await rowCount(db, table);
  return out;
}

/** A second seller organisation with a main account and one shop of each kind the shell cares about. */
export async function createSecondSeller(db: Db, suffix: string) {
  const orgId = await createOrganisation(db, { type: 'seller', name: `第二卖家${suffix}`, source: 'MAIN_WEB' });
  const username = `other_seller_${suffix}`;
  const userId = await createUser(db, { orgId, username, password: PASSWORD, isMain: true });
  const [expiring, redbook] = await db
    .insert(shops)
    .values([
      { orgId, channel: 'TAOBAO', name: `对方即将到期店铺${suffix}`, lastAuthTime: days(-28), expireTime: days(2.5) },
      { orgId, channel: 'REDBOOK', name: `对方小红书店铺${suffix}`, lastAuthTime: days(-10), expireTime: days(20) },
    ])
    .returning({ id: shops.id });
  if (!expiring || !redbook) throw new Error('shops not created');
  return { orgId, userId, username, expiringShopId: expiring.id, redbookShopId: redbook.id };
}

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  session?: Session;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** One call through app.inject, signed when a session is given. */
export function call(app: FastifyInstance, c: Call): Promise<LightMyRequestResponse> {
  return app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    payload: c.payload,
    headers: { ...(c.session ? c.session.headers() : {}), ...c.headers },
  }) as Promise<LightMyRequestResponse>;
}

/** The envelope of a response, after checking it has exactly the envelope's three keys. */
export function envelope<T = unknown>(res: LightMyRequestResponse): { errorCode: number; errorMsg: string; data: T } {
  const body = res.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`not an envelope: ${res.body.slice(0, 200)}`);
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'data,errorCode,errorMsg') throw new Error(`envelope keys are ${keys}: ${res.body.slice(0, 200)}`);
  return body;
}

/** True when the text contains at least one CJK character (the message is written in Chinese). */
export const isChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);
