/** Statements on the PostgreSQL server's maintenance database, for test databases and their templates. */
import pg from 'pg';

/** The same server's URL with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs one statement on its own connection. `create database … template …` fails with 55006 while
 * the template still has a session (a pool that has just ended may take a moment to leave): retried.
 */
export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
