/**
 * Help-center search in Chinese: our Han-bigram tokens (GIN on a text[] column, the shipped way)
 * against ILIKE over every article's text, and against pg_trgm (PGlite 0.5 ships it; a GIN
 * trigram index on the same text), on the seeded articles plus synthetic ones.
 *
 *   npx tsx bench/help-center-search.bench.ts [articles=3000]
 *
 * Synthetic articles are sentences of the seeded ones with a third of their Han characters swapped
 * for others of the same texts (so common words stay common but not universal), each ~1,500
 * characters, a tenth of them holding a rare word. Each query runs RUNS times per approach,
 * alternating; the median ms is printed with how many articles matched. In-memory PGlite,
 * real migrations; pg_trgm in a second in-memory PGlite holding the same texts.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as repo from '../apps/server/src/modules/help-center/help-center.repository.ts';
import { articleValues } from '../apps/server/src/modules/help-center/help-center.service.ts';
import { helpArticles } from '../apps/server/src/modules/help-center/help-center.table.ts';
import { queryTokens } from '../apps/server/src/modules/help-center/search-tokens.ts';

const N = Number(process.argv[2] ?? 3000);
const RUNS = 7;
const QUERIES = ['打印', '退款', '打印服务', '商品关联', '支付密码', 'lodop', '鸵鸟蛋'];

const database = await openDatabase({});
const db = database.db;
const seeded = await db.select({ markdown: helpArticles.markdown }).from(helpArticles);
const sentences = seeded.flatMap((a) => a.markdown.split(/(?<=[。；\n])/)).filter((s) => s.trim().length > 4);

const HAN = /\p{Script=Han}/u;
const pool = [...sentences.join('')].filter((c) => HAN.test(c));
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const start = Date.now();
for (let i = 0; i < N; i += 200) {
  const rows = [];
  for (let j = i; j < Math.min(N, i + 200); j++) {
    let md = '';
    while (md.length < 1500)
      md += [...(sentences[rand(sentences.length)] ?? '')].map((c) => (HAN.test(c) && rand(3) === 0 ? pool[rand(pool.length)] : c)).join('');
    if (j % 10 === 0) md += '\n\n鸵鸟蛋的包装说明。';
    rows.push({
      ...repo.articleRow(articleValues({ categoryId: 1, slug: `synthetic-${j}`, title: `合成文章 ${j}`, markdown: md, sort: 100 }, null)),
      published: true,
    });
  }
  await db.insert(helpArticles).values(rows);
}
console.log(`${N} synthetic articles written in ${((Date.now() - start) / 1000).toFixed(1)} s (+ ${seeded.length} seeded)`);

const trgm = new PGlite({ extensions: { pg_trgm } });
await trgm.exec('create extension pg_trgm; create table t (id int primary key, search_text text not null)');
const texts = await db.select({ id: helpArticles.id, text: helpArticles.searchText }).from(helpArticles).where(eq(helpArticles.published, true));
for (let i = 0; i < texts.length; i += 500) {
  const part = texts.slice(i, i + 500);
  await trgm.query(`insert into t select * from unnest($1::int[], $2::text[])`, [part.map((r) => r.id), part.map((r) => r.text)]);
}
await trgm.exec('create index t_trgm on t using gin (search_text gin_trgm_ops); analyze t');
await db.execute(sql`analyze help_articles`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function time(fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

console.log('query       | bigram GIN ms (hits) | ILIKE ms (hits) | pg_trgm ms (hits)');
for (const q of QUERIES) {
  const { terms, tokens } = queryTokens(q);
  const page = { pageNo: 1, pageSize: 10 };
  const ours = () => repo.search(db, tokens, terms, page);
  const ilike = () => repo.searchByIlike(db, terms, page);
  const likeArgs = terms.map((t) => `%${t}%`);
  const where = terms.map((_, i) => `search_text ilike $${i + 1}`).join(' and ');
  const tri = () =>
    Promise.all([trgm.query(`select count(*) from t where ${where}`, likeArgs), trgm.query(`select id from t where ${where} order by id limit 10`, likeArgs)]);
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    a.push(await time(ours));
    b.push(await time(ilike));
    c.push(await time(tri));
  }
  const hitsA = (await ours()).total;
  const hitsB = (await ilike()).total;
  const hitsC = Number(((await tri())[0].rows[0] as { count: number | string }).count);
  console.log(`${q.padEnd(10, '　')} | ${median(a).toFixed(1)} (${hitsA}) | ${median(b).toFixed(1)} (${hitsB}) | ${median(c).toFixed(1)} (${hitsC})`);
}
await trgm.close();
await database.close();
