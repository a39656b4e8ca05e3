import { describe, expect, it } from 'vitest';
import { type ClodopLike, compareVersions, configuredPorts, loadClodop, readPrinters, scriptUrls } from './lodop-loader';

const printerCount = () => 2;
const printerName = (i: number | string) => `P${i}`;

describe('compareVersions', () => {
  it('compares dotted versions number by number', () => {
    expect(compareVersions('6.10.0.0', '6.9.9.9')).toBe(1);
    expect(compareVersions('2.1.3.0', '2.1.3')).toBe(0);
    expect(compareVersions('3.0.9.2', '3.0.9.3')).toBe(-1);
    expect(compareVersions('10', '9.99')).toBe(1);
    expect(compareVersions('', '0')).toBe(0);
  });
});

describe('script addresses', () => {
  it('tries 8000 then 18000 (priority=0) over http, 8443 over https, or the configured ports', () => {
    expect(scriptUrls()).toEqual(['http://localhost:8000/CLodopfuncs.js', 'http://localhost:18000/CLodopfuncs.js?priority=0']);
    expect(scriptUrls({ secure: true })).toEqual(['https://localhost:8443/CLodopfuncs.js']);
    expect(scriptUrls({ httpPorts: configuredPorts(' 18123 ') })).toEqual(['http://localhost:18123/CLodopfuncs.js']);
    expect(configuredPorts('abc')).toBeUndefined();
    expect(configuredPorts('8000,18000')).toEqual([8000, 18000]);
  });

  it('falls through to the next port when one does not answer, and waits for the socket', async () => {
    const tried: string[] = [];
    const c: ClodopLike = { CVERSION: '6.6', webskt: { readyState: 0 }, GET_PRINTER_COUNT: printerCount, GET_PRINTER_NAME: printerName };
    const g: { CLODOP?: unknown } = {};
    setTimeout(() => {
      c.webskt = { readyState: 1 };
    }, 150);
    const loaded = await loadClodop({
      secure: false,
      global: g,
      loadScript: async (src) => {
        tried.push(src);
        if (src.includes(':8000/')) throw new Error('refused');
        g.CLODOP = c;
      },
    });
    expect(tried).toHaveLength(2);
    expect(loaded).toBe(c);
    expect(readPrinters(c)).toEqual(['P0', 'P1']);
  });

  it('resolves null when nothing answers', async () => {
    const loaded = await loadClodop({
      secure: false,
      global: {},
      loadScript: async () => {
        throw new Error('refused');
      },
    });
    expect(loaded).toBeNull();
  });
});
