import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('oneAtATime', () => {
  it('runs one key’s work one call at a time, in arrival order, whatever each ends in', async () => {
    const run = oneAtATime<string>();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const work = (name: string, fail = false) =>
      run('a', async () => {
        inside++;
        most = Math.max(most, inside);
        log.push(`start ${name}`);
        await tick(5);
        log.push(`end ${name}`);
        inside--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([work('1'), work('2', true), work('3')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(most).toBe(1);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('lets other keys run beside it', async () => {
    const run = oneAtATime<string>();
    let inside = 0;
    let most = 0;
    const work = (key: string) =>
      run(key, async () => {
        inside++;
        most = Math.max(most, inside);
        await tick(5);
        inside--;
      });
    await Promise.all([work('a'), work('b'), work('c')]);
    expect(most).toBe(3);
  });
});
