#!/usr/bin/env node
// The pages' weight over the build output (run `npm run build` first): JavaScript, gzip, of the shell
// (index.html's entry and every chunk it imports statically: what a first visit loads before any
// page) plus the first list page (代发订单, its lazy chunk and what that imports statically), every
// route together, and whether the heavy libraries (ECharts, Fabric.js, PDF) stay out of the shell.
// Goal: shell + first list page ≤ 300 KB gzip. Exits 1, loudly, when a goal is missed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const GOAL_KB = 300;
const FIRST_LIST_PAGE = 'src/features/dropship-orders/pages/DropshipOrderListPage.tsx';
const HEAVY = /echarts|fabric|pdf/i;

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length / 1024);
  return gz.get(file);
};
/** The chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const i of entry.imports ?? []) closure(i, seen);
  return seen;
}
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((a, f) => a + gzipKb(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shell = closure(entryKey);
const page = closure(FIRST_LIST_PAGE);
if (page.size === 0) throw new Error(`${FIRST_LIST_PAGE} 不在构建清单中（页面改名了？）`);
const firstVisit = new Set([...shell, ...page]);
const all = new Set(Object.values(manifest).map((e) => e.file));
const heavyInShell = [...shell].filter((f) => HEAVY.test(f) || Object.entries(manifest).some(([k, e]) => e.file === f && HEAVY.test(k)));

const top = [...firstVisit]
  .filter((f) => f.endsWith('.js'))
  .sort((a, b) => gzipKb(b) - gzipKb(a))
  .slice(0, 8)
  .map((f) => `    ${gzipKb(f).toFixed(1).padStart(7)} KB  ${f}${shell.has(f) ? '' : '  (page)'}`);
// Stylesheets are not part of the goal (JavaScript is what the browser parses, compiles and runs),
// but are printed: antd's styles come as one static sheet since its zero-runtime mode (decision 0040).
const cssOf = (files) => new Set(Object.values(manifest).flatMap((e) => (files.has(e.file) ? (e.css ?? []) : [])));
const cssKb = [...cssOf(firstVisit)].reduce((a, f) => a + gzipKb(f), 0);
const shellKb = sum(shell);
const firstKb = sum(firstVisit);
console.log(`shell (entry + static imports): ${shellKb.toFixed(0)} KB gzip in ${shell.size} chunks`);
console.log(`shell + 代发订单 (first list page): ${firstKb.toFixed(0)} KB gzip — goal ≤ ${GOAL_KB} KB`);
console.log(`stylesheets of the first visit: ${cssKb.toFixed(0)} KB gzip (not in the goal)`);
console.log(`every route and library: ${sum(all).toFixed(0)} KB gzip in ${all.size} chunks`);
console.log(`largest chunks of the first visit:\n${top.join('\n')}`);
console.log(`heavy libraries (ECharts, Fabric.js, PDF) in the shell: ${heavyInShell.length ? heavyInShell.join(', ') : 'none'}`);
const missed = [];
if (firstKb > GOAL_KB) missed.push(`shell + first list page ${firstKb.toFixed(0)} KB > ${GOAL_KB} KB (${(firstKb / GOAL_KB).toFixed(2)}× the goal)`);
if (heavyInShell.length) missed.push(`heavy libraries in the shell: ${heavyInShell.join(', ')}`);
if (missed.length) {
  console.error(`\n✖ GOAL MISSED: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('\n✔ goals met');
