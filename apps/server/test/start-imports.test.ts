/**
 * What the built server loads when it starts: the libraries only some requests need (PDF, fonts and
 * barcodes for labels, spreadsheets, text decoders, the captcha, the other database's driver) are
 * imported on first use, so an idle server does not hold them (decision 0043, about 30 MB). A static
 * import of one of them anywhere in the start's module graph shows here as an import statement of
 * the bundle.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../../scripts/server-build-options.mjs';

const ON_FIRST_USE = [
  'pdfkit',
  'fontkit',
  'bwip-js/node',
  'exceljs',
  '@e965/xlsx',
  'csv-parse',
  'iconv-lite',
  'svg-captcha',
  'pg',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  '@electric-sql/pglite',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
];

describe('the built server at start', () => {
  it('imports the heavy libraries only when first used', async () => {
    const out = await build({
      ...serverBuildOptions,
      entryPoints: { main: 'apps/server/src/main.ts' },
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const main = Object.entries(out.metafile.outputs).find(([file]) => file.endsWith('main.js'))?.[1];
    if (!main) throw new Error('no main.js in the build');
    const atStart = new Set(main.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    const onDemand = new Set(main.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    expect(ON_FIRST_USE.filter((lib) => atStart.has(lib))).toEqual([]);
    // Still imported, on demand (a library dropped from the server would make this list stale).
    for (const lib of ['exceljs', '@e965/xlsx', 'csv-parse', 'iconv-lite', 'svg-captcha', 'pg', '@electric-sql/pglite']) expect(onDemand).toContain(lib);
    // The server itself is still there.
    expect(atStart).toContain('fastify');
  });
});
