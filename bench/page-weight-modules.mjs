#!/usr/bin/env node
// Where the first visit's weight comes from: each chunk of the shell and the first list page (as
// page-weight.mjs counts them) has its gzip size shared out over its sources by mapped bytes, summed
// per package (per contract file, per web folder). Needs a build with source maps:
//   (cd apps/web && npx vite build --sourcemap --outDir /tmp/pw-dist) && DIST=/tmp/pw-dist node bench/page-weight-modules.mjs
// PART=shell|page narrows it; DEEP=antd DEPTH=2 splits one package by folder; CHUNKS=1 lists chunks.
// An estimate for finding what to cut, not the goal's figure (page-weight.mjs is).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');
const dist = process.env.DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
function closure(key, seen = new Set()) {
  const e = manifest[key];
  if (!e || seen.has(e.file)) return seen;
  seen.add(e.file);
  for (const i of e.imports ?? []) closure(i, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shell = closure(entryKey);
const page = closure(process.argv[2] ?? 'src/features/dropship-orders/pages/DropshipOrderListPage.tsx');
const files = [
  ...new Set(process.env.PART === 'shell' ? [...shell] : process.env.PART === 'page' ? [...page].filter((f) => !shell.has(f)) : [...shell, ...page]),
].filter((f) => f.endsWith('.js'));
const groupOf = (src) => {
  const s = src.replace(/^(\.\.\/)+/, '');
  let m = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/);
  if (m) {
    const pkg = m[1];
    if (process.env.DEEP && pkg === process.env.DEEP)
      return `${pkg}/${m[2]
        .split('/')
        .slice(0, Number(process.env.DEPTH ?? 2))
        .join('/')}`;
    return pkg;
  }
  m = s.match(/packages\/contract\/src\/(.*)/);
  if (m) return `contract/${m[1]}`;
  m = s.match(/(?:^|apps\/web\/)src\/(.*)/);
  if (m) return `web/${process.env.WEBDEEP ? m[1] : m[1].split('/').slice(0, 2).join('/')}`;
  return s;
};
const totals = new Map();
let grand = 0;
for (const f of files) {
  const code = readFileSync(path.join(dist, f), 'utf8');
  const gz = gzipSync(code).length;
  grand += gz;
  const mapFile = path.join(dist, `${f}.map`);
  if (!existsSync(mapFile)) {
    totals.set(`?nomap ${f}`, (totals.get(`?nomap ${f}`) ?? 0) + gz);
    continue;
  }
  const smc = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const lines = code.split('\n');
  const lineStart = [];
  let acc = 0;
  for (const l of lines) {
    lineStart.push(acc);
    acc += l.length + 1;
  }
  const segs = [];
  smc.eachMapping((m) => segs.push([lineStart[m.generatedLine - 1] + m.generatedColumn, m.source]));
  segs.sort((a, b) => a[0] - b[0]);
  const bytes = new Map();
  for (let i = 0; i < segs.length; i++) {
    const end = i + 1 < segs.length ? segs[i + 1][0] : code.length;
    const g = segs[i][1] ? groupOf(segs[i][1]) : '?unmapped';
    bytes.set(g, (bytes.get(g) ?? 0) + (end - segs[i][0]));
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [g, b] of bytes) totals.set(g, (totals.get(g) ?? 0) + (gz * b) / total);
  if (process.env.CHUNKS)
    console.log(
      `${(gz / 1024).toFixed(1)} KB ${f}${shell.has(f) ? '' : ' (page)'}: ` +
        [...bytes]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([g, b]) => `${g} ${((gz * b) / total / 1024).toFixed(1)}`)
          .join(', '),
    );
}
console.log(`first visit ${(grand / 1024).toFixed(0)} KB gzip in ${files.length} js files`);
for (const [g, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60)))
  console.log(`${(v / 1024).toFixed(1).padStart(7)} KB  ${g}`);
