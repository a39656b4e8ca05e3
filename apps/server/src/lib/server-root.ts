/**
 * The server package's folder (apps/server), found from this file whether it runs from its source
 * (src/lib/) or from the ahead-of-time build (dist/main.js): the migrations and the pages' build are
 * found from it, so moving a file into a bundle does not move what it reads.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@dropship/server') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('找不到服务端目录（apps/server/package.json）');
    dir = up;
  }
}

export const SERVER_ROOT = findServerRoot();
