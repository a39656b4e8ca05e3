import { execFileSync } from 'node:child_process';

/** Debian's Chromium: CHROMIUM_PATH, or chromium on the PATH. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
