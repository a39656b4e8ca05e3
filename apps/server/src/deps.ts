/**
 * What every route plugin is handed. A leaf module (it imports only types from db/ and config), so
 * route files need not import app.ts, which imports them.
 */
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
}
