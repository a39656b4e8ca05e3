/**
 * In-memory test databases start from a dump of a freshly migrated PGlite instead of replaying
 * every migration (≈5–20 s per test file on a busy 2-core machine; loading the dump takes a
 * fraction). The dump is keyed by a hash of the migrations folder, so a new or changed migration
 * makes a new dump; openDatabase still runs the migrations on it, which then find nothing to do.
 * Several test workers may build it at once: each writes its own file and renames it into place.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.js';

function filesOf(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? filesOf(p) : [p];
    });
}

/** Changes when the way the dump is made changes (v2: checkpointed before the dump). */
const DUMP_FORMAT = 'v2';

function migrationsHash(): string {
  const h = createHash('sha256').update(DUMP_FORMAT);
  for (const f of filesOf(MIGRATIONS_FOLDER)) h.update(path.relative(MIGRATIONS_FOLDER, f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/** A migrated in-memory PGlite, and the dump file it came from (made first when missing). */
export async function openMigratedPglite(): Promise<Database & { file: string }> {
  const file = path.join(os.tmpdir(), `daifa-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return { ...(await openDump(file)), file };
  const database = await openDatabase({});
  const dump = await database.dump?.();
  if (dump) {
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  return { ...database, file };
}

/** An in-memory PGlite started from a dump file (the migrations then run and find nothing to do). */
export function openDump(file: string): Promise<Database> {
  return openDatabase({ loadDataDir: dumpBlob(file) });
}

/**
 * A dump file's bytes as the Blob PGlite unpacks (it reads them with `arrayBuffer()` and copies each
 * file out). Read once per test worker and handed over as they are: node's own Blob copied the 50–65
 * MB through a stream on every open, a third of a test file's database start.
 */
export function dumpBlob(file: string): Blob {
  let bytes = dumpBytes.get(file);
  if (!bytes) {
    const read = readFileSync(file);
    bytes = read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength);
    dumpBytes.set(file, bytes);
  }
  return new BytesBlob(bytes);
}

const dumpBytes = new Map<string, ArrayBuffer>();

class BytesBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}
