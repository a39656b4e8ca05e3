/**
 * An exclusive lock file on the PGlite data directory. PGlite has no lock of its own and two
 * openers corrupt the data without an error, so every opener (server, CLI, migration) takes this.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new Error(`数据目录 ${dataDir} 正被进程 ${pid} 使用：同一数据目录只能由一个进程打开。请先停止该进程，或用 DATA_DIR 指定其他目录。`);
      }
      // The owner died (kill -9): the lock is stale, PGlite recovers from its WAL.
      unlinkSync(file);
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir}`);
}
