/** Station messages of SPEC.md section 7 group "Messages": the header's unread count, list, mark read. */
import { CountResult, envelopeOf, MarkReadBody, MessageListBody, MessageRow } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as repo from './messages.repository.js';

const tags = ['messages'];

export async function messagesRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/message/unread/count',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '未读消息数', body: z.object({}).passthrough().nullish(), response: { 200: envelopeOf(CountResult) } },
    },
    async (req) => {
      const c = requireCaller(req);
      return ok({ count: await repo.countUnread(db, c.orgId, c.userId) });
    },
  );

  app.post(
    '/api/b2/message/list',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '消息列表', body: MessageListBody, response: { 200: envelopeOf(z.object({ total: z.number(), list: z.array(MessageRow) })) } },
    },
    async (req) => {
      const c = requireCaller(req);
      const { total, rows } = await repo.listMessages(db, c.orgId, c.userId, req.body);
      return ok({ total, list: rows.map((r) => ({ ...r, read: Boolean(r.read), createdAt: r.createdAt.toISOString() })) });
    },
  );

  app.post(
    '/api/b2/message/marking/read',
    { config: { permission: 'user' }, schema: { tags, summary: '标记已读', body: MarkReadBody, response: { 200: envelopeOf(CountResult) } } },
    async (req) => {
      const c = requireCaller(req);
      const body = req.body;
      return ok({ count: await repo.markRead(db, c.orgId, c.userId, body.all ? 'all' : body.ids) });
    },
  );
}
