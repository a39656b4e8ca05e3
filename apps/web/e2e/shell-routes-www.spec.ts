import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Harness, startHarness } from './harness';
import { walkRoutes } from './route-walk';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('the shell in Chromium: the routes on the main variant', () => {
  it('every route of routes.json on the main variant opens with its title', async () => {
    await walkRoutes(h, 'www');
  });
});
