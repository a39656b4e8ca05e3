/**
 * A library loaded the first time it is used, not when the server starts: pdfkit, fontkit and
 * bwip-js add about 45 MB to a server's resident memory, and a server that has printed nothing yet
 * never needs them (decision 0043). Loaded with Node's require, so the layout and the renderers keep
 * their synchronous calls; each package's CommonJS build is the one loaded, the same one pdfkit's
 * own require of fontkit gets, so fontkit is in memory once.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

export function onFirstUse<T>(id: string): () => T {
  let lib: T | undefined;
  return () => {
    lib ??= requireHere(id) as T;
    return lib;
  };
}
