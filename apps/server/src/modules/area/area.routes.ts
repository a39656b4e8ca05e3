/**
 * GET /api/b2/area/getThirdLevelAll: the static province → city → district tree for address pickers;
 * POST /api/b2/area/recognize: 智能识别 of a pasted receiver.
 */
import { AreaTree, envelopeOf, RecognizedReceiver, RecognizeReceiverBody } from '@dropship/contract';
import { ok } from '../../lib/envelope.js';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import { areaTreeEnvelopeJson } from './area.data.js';
import { recognizeReceiver } from './recognize-receiver.js';

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

  // Reads no one's data (the area tree only): any signed-in user may ask.
  app.post(
    '/api/b2/area/recognize',
    {
      config: { permission: 'user' },
      schema: {
        tags: ['area'],
        summary: '智能识别收货信息（姓名、电话、省市区、详细地址）',
        body: RecognizeReceiverBody,
        response: { 200: envelopeOf(RecognizedReceiver) },
      },
    },
    async (req) => ok(recognizeReceiver(req.body.text)),
  );
}
