import { describe, expect, it } from 'vitest';
import { pageBackwards } from './paging.ts';
import { backoffDelay, splitWindow, withRetry } from './retry.ts';
import { ChannelError } from './types.ts';

const noWait = async () => {};

describe('withRetry', () => {
  it('retries retryable errors with growing waits, then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const out = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw new ChannelError(calls === 1 ? 'RATE_LIMITED' : 'SERVER_ERROR', '7', 'busy');
        return 'ok';
      },
      { attempts: 4, baseDelayMs: 100, random: () => 1, sleep: async (ms) => void waits.push(ms) },
    );
    expect([out, calls, waits]).toEqual(['ok', 3, [100, 200]]);
  });

  it('does not retry token, signature or argument errors, nor foreign errors', async () => {
    for (const kind of ['TOKEN_EXPIRED', 'INVALID_SIGNATURE', 'BAD_REQUEST', 'NOT_FOUND'] as const) {
      let calls = 0;
      const e = await withRetry(
        async () => {
          calls++;
          throw new ChannelError(kind, 'x', 'no');
        },
        { attempts: 5, baseDelayMs: 1, sleep: noWait },
      ).catch((err: unknown) => err);
      expect([calls, (e as ChannelError).kind]).toEqual([1, kind]);
    }
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new TypeError('bug');
        },
        { attempts: 5, baseDelayMs: 1, sleep: noWait },
      ),
    ).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });

  it('gives up after the last try and throws the last error', async () => {
    let calls = 0;
    const e = await withRetry(
      async () => {
        calls++;
        throw new ChannelError('NETWORK', `n${calls}`, 'down');
      },
      { attempts: 3, baseDelayMs: 1, sleep: noWait },
    ).catch((err: unknown) => err as ChannelError);
    expect([calls, e.platformCode]).toEqual([3, 'n3']);
  });

  it('backoff doubles, is capped, and jitters within the upper half', () => {
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, { baseDelayMs: 500, random: () => 1 }))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, { baseDelayMs: 500, maxDelayMs: 8000, random: () => 1 })).toBe(8000);
    expect(backoffDelay(3, { baseDelayMs: 500, random: () => 0 })).toBe(1000);
  });
});

describe('splitWindow', () => {
  const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
  it('cuts into consecutive windows no longer than the limit, oldest first', () => {
    expect(splitWindow(t(0), t(70), 30 * 60_000)).toEqual([
      { from: t(0), to: t(30) },
      { from: t(30), to: t(60) },
      { from: t(60), to: t(70) },
    ]);
    expect(splitWindow(t(0), t(30), 30 * 60_000)).toEqual([{ from: t(0), to: t(30) }]);
    expect(splitWindow(t(10), t(10), 60_000)).toEqual([]);
    expect(() => splitWindow(t(0), t(1), 0)).toThrow();
  });
});

describe('pageBackwards', () => {
  it('reads the last page first and loses nothing when a newest order jumps out of the window meanwhile', async () => {
    // Newest first, like the platforms; ids 1..25, page size 10.
    let rows = Array.from({ length: 25 }, (_, i) => String(i + 1));
    const calls: number[] = [];
    const pages = pageBackwards(
      async (p) => {
        calls.push(p);
        // After the first two calls, order "2" is modified and leaves the window: everything after it moves up.
        if (calls.length === 2) rows = rows.filter((r) => r !== '2');
        return { items: rows.slice((p - 1) * 10, p * 10), total: rows.length };
      },
      { pageSize: 10, firstPage: 1, idOf: (r) => r },
    );
    const seen: string[] = [];
    for await (const page of pages) seen.push(...page);
    expect(calls).toEqual([1, 3, 2, 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
  });

  it('one page: a single call', async () => {
    const calls: number[] = [];
    const out: string[][] = [];
    for await (const p of pageBackwards(
      async (n) => {
        calls.push(n);
        return { items: ['a', 'b'], total: 2 };
      },
      { pageSize: 10, firstPage: 0, idOf: (x) => x },
    ))
      out.push(p);
    expect([calls, out]).toEqual([[0], [['a', 'b']]]);
  });
});
