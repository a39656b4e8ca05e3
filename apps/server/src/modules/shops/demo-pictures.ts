/**
 * Demo mode's goods pictures at a stable address of our own: the marketplace emulator draws each
 * item's picture on its loopback port, which is unknown when the demo seed writes its imported
 * orders, so those lines name `/demo/pic/<item>.png` and this route draws the same picture.
 * Outside demo mode (CHANNEL_EMULATOR off) the route answers 404 like any unknown address.
 */
import { itemPicture, pictureItemOf } from '@dropship/channels';
import { z } from 'zod';
import type { RouteApp } from '../../lib/route-app.js';

/** The demo pictures' address on our own origin: the seed's lines and the demo emulator's synced lines name it. */
export const DEMO_PICTURE_BASE = '/demo/pic';
const PREFIX = DEMO_PICTURE_BASE;

/** The demo picture address of a marketplace item (relative: the page loads it from our own origin). */
export const demoPictureUrl = (itemId: string) => `${PREFIX}/${itemId}.png`;

export function demoPictureRoutes(app: RouteApp, emulator: boolean) {
  app.get(
    `${PREFIX}/:file`,
    {
      config: { permission: 'public' },
      schema: { tags: ['shops'], summary: '演示模式的商品图片（模拟平台生成）', params: z.object({ file: z.string().max(80) }) },
    },
    async (req, reply) => {
      // The same pattern as the emulator's own picture path: letters, digits, _ and -, then .png; no way out of it.
      const item = emulator ? pictureItemOf(`/pic/${req.params.file}`) : undefined;
      if (!item) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
      // An item's picture never changes (its colour comes from its id): cache it for a year.
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(itemPicture(item));
    },
  );
}
