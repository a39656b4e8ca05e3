import { describe, expect, it } from 'vitest';
import { AtMost } from './at-most.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AtMost', () => {
  it('runs at most its size at once, each started in the caller’s order, and idle() waits for the last', async () => {
    const runs = new AtMost(2);
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    for (const [name, ms] of [
      ['a', 20],
      ['b', 5],
      ['c', 5],
      ['d', 1],
    ] as const) {
      await runs.start(async () => {
        inside++;
        most = Math.max(most, inside);
        log.push(`start ${name}`);
        await tick(ms);
        log.push(`end ${name}`);
        inside--;
      });
    }
    await runs.idle();
    expect(most).toBe(2);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
    // b ended before c could start; a, the long one, ran beside both.
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end b'));
    expect(log.indexOf('end a')).toBeGreaterThan(log.indexOf('start c'));
    expect(() => runs.throwFailure()).not.toThrow();
  });

  it('after a failure starts nothing more and throws it once the running pieces have ended', async () => {
    const runs = new AtMost(2);
    const log: string[] = [];
    await runs.start(async () => {
      await tick(1);
      throw new Error('第一批写入失败');
    });
    await runs.start(async () => {
      await tick(20);
      log.push('slow one ended');
    });
    await expect(runs.start(async () => void log.push('never started'))).rejects.toThrow('第一批写入失败');
    // Thrown only after the slow one ended: nothing goes on writing after the caller is told.
    expect(log).toEqual(['slow one ended']);
    await runs.idle();
    expect(() => runs.throwFailure()).toThrow('第一批写入失败');
  });

  it('with size 1 runs one piece at a time', async () => {
    const runs = new AtMost(1);
    let inside = 0;
    let most = 0;
    for (let i = 0; i < 4; i++) {
      await runs.start(async () => {
        inside++;
        most = Math.max(most, inside);
        await tick(2);
        inside--;
      });
    }
    await runs.idle();
    expect(most).toBe(1);
  });
});
