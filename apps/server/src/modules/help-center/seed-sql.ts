/**
 * Prints the SQL that writes the default categories and articles (default-articles.ts) with their
 * rendered HTML and search tokens, for the help-center migration: every install starts with them,
 * real ones too, not only the demo. Run: `npx tsx apps/server/src/modules/help-center/seed-sql.ts`.
 */
import { DEFAULT_ARTICLES, DEFAULT_CATEGORIES } from './default-articles.js';
import { articleValues } from './help-center.service.js';

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

export function defaultArticlesSql(): string {
  const out = DEFAULT_CATEGORIES.map((c) => `INSERT INTO "help_categories" ("name", "sort") VALUES (${lit(c.name)}, ${c.sort});`);
  for (const a of DEFAULT_ARTICLES) {
    const v = articleValues({ ...a, categoryId: 1 }, null);
    out.push(
      `INSERT INTO "help_articles" ("category_id", "slug", "title", "markdown", "html", "search_text", "search_vector", "sort", "published") ` +
        `SELECT c."id", ${lit(v.slug)}, ${lit(v.title)}, ${lit(v.markdown)}, ${lit(v.html)}, ${lit(v.searchText)}, array_to_tsvector(${arr(v.searchTokens)}), ${v.sort}, true ` +
        `FROM "help_categories" c WHERE c."name" = ${lit(a.category)};`,
    );
  }
  return out.join('\n--> statement-breakpoint\n');
}

if (process.argv[1]?.endsWith('seed-sql.ts')) process.stdout.write(`${defaultArticlesSql()}\n`);
