import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Harness, signIn, startHarness } from './harness';
import { specRoutes, walkRoutes } from './route-walk';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('the shell in Chromium: the routes on the second variant', () => {
  it('every route of routes.json on the second variant opens with its title, and the redirects land where the spec says', async () => {
    await walkRoutes(h, 'second');
    const { context, page } = await h.newPage();
    await signIn(page, h.url('second'), 'demo_seller', 'seller');
    for (const [from, to] of Object.entries(specRoutes.redirects)) {
      await page.goto(h.url('second', from));
      await page.waitForURL(`**${to}`);
    }
    await context.close();
  });
});
