/** GET /api/b2/area/getThirdLevelAll: the static province → city → district tree for address pickers. */
import { AreaTree, envelopeOf } from '@dropship/contract';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import { areaTreeEnvelopeJson } from './area.data.js';

export async function areaRoutes(app: RouteApp) {
  app.get(
    '/api/b2/area/getThirdLevelAll',
    {
      config: { permission: 'user' },
      schema: { tags: ['area'], summary: '省市区三级地址（全部）', response: { 200: envelopeOf(AreaTree) } },
    },
    // The tree never changes while the process runs: its JSON is made once and sent as is, and
    // the browser may keep it for a day.
    async (_req, reply) =>
      rawReply(reply)
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, max-age=86400')
        .serializer((p) => p as string)
        .send(areaTreeEnvelopeJson()),
  );
}
