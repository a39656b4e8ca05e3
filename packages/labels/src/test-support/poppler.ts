/**
 * Debian poppler-utils (pdftoppm, pdftotext, pdffonts, pdfinfo) as an independent reader of our
 * PDFs. A missing tool fails the test with the package to install; it is never skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Tool = 'pdftoppm' | 'pdftotext' | 'pdffonts' | 'pdfinfo';
const checked = new Set<Tool>();

/** Throws, naming the Debian package, when `tool` is not on `path`. */
export function checkPoppler(tool: Tool, path = process.env.PATH ?? ''): void {
  try {
    execFileSync(tool, ['-v'], { stdio: 'pipe', env: { ...process.env, PATH: path } });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install the Debian package poppler-utils (apt-get install -y poppler-utils)`);
    }
    // `-v` exits non-zero on some poppler versions; the binary exists, which is all we need.
  }
}

export function requirePoppler(tool: Tool): void {
  if (checked.has(tool)) return;
  checkPoppler(tool);
  checked.add(tool);
}

function withPdf<T>(pdf: Buffer, fn: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'labels-test-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return fn(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PNG bytes of every page at `dpi`. */
export function rasterize(pdf: Buffer, dpi = 300): Buffer[] {
  requirePoppler('pdftoppm');
  return withPdf(pdf, (dir, file) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  });
}

export function pdfText(pdf: Buffer): string {
  requirePoppler('pdftotext');
  return withPdf(pdf, (_dir, file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

export function pdfFonts(pdf: Buffer): string {
  requirePoppler('pdffonts');
  return withPdf(pdf, (_dir, file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
}

export function pdfInfo(pdf: Buffer): string {
  requirePoppler('pdfinfo');
  return withPdf(pdf, (_dir, file) => execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' }));
}
