import { execFileSync } from 'node:child_process';

/**
 * Debian's Chromium for the browser tests: CHROMIUM_PATH, else chromium-headless-shell when it is
 * installed, else chromium on the PATH. The headless shell is the same engine without the browser's
 * own layer: the same specs took about a quarter less of Chromium's CPU time (docs/ARCHITECTURE.md,
 * "Tests and CI"); CI installs it, and a machine with only chromium runs the tests as before.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium-headless-shell || command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}
