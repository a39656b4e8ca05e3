import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForTargets } from './wait-for-targets';

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('waitForTargets', () => {
  it('polls every 250 ms until every target exists', async () => {
    const wait = waitForTargets(['#a', '#b']);
    document.body.innerHTML = '<div id="a"></div>';
    await vi.advanceTimersByTimeAsync(250);
    document.body.innerHTML += '<div id="b"></div>';
    await vi.advanceTimersByTimeAsync(250);
    const els = await wait.promise;
    expect(els?.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('gives up after about 5 s', async () => {
    const wait = waitForTargets(['#never']);
    await vi.advanceTimersByTimeAsync(4_900);
    let settled = false;
    void wait.promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(await wait.promise).toBeNull();
  });

  it('stops polling when cancelled', async () => {
    const wait = waitForTargets(['#late']);
    wait.cancel();
    document.body.innerHTML = '<div id="late"></div>';
    expect(await wait.promise).toBeNull();
  });
});
