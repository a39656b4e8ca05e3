/**
 * A new user's first day, part one: every menu entry of every demo account opens without a refusal
 * (403 page, the 10001 sign-in alert, a refused call). The rest of the first day is in
 * first-day.spec.ts: a file of its own, so the two parts run on two browser workers at once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { walkMenu } from './first-day-walk';
import { DEMO_PASSWORD, type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function signInOperator(page: Page) {
  await page.goto(h.url('www', '/login'));
  const pane = page.getByRole('tabpanel');
  await pane.getByLabel('账号').fill('demo_operator');
  await pane.getByLabel('密码').fill(DEMO_PASSWORD);
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('console-title').waitFor();
}

describe('a first day at 1440×900', () => {
  for (const [who, portal] of [
    ['demo_seller', 'seller'],
    ['demo_purchaser', 'purchaser'],
    ['demo_picker', 'purchaser'],
  ] as const) {
    it(`${who}: every menu entry opens without a refusal`, async () => {
      const { context, page } = await h.newPage({ viewport: { width: 1440, height: 900 } });
      // The picker starts on its workbench, which has no menu: 工作台 has it.
      await signIn(page, h.url('www'), who, portal, who === 'demo_picker' ? '/home' : undefined);
      await settleOverlays(page);
      await walkMenu(page, who);
      await context.close();
    });
  }

  it('demo_operator: every console entry opens without a refusal', async () => {
    const { context, page } = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await signInOperator(page);
    await settleOverlays(page);
    await walkMenu(page, 'demo_operator');
    await context.close();
  });
});
