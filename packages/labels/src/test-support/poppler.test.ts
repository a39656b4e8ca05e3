import { expect, it } from 'vitest';
import { checkPoppler } from './poppler.ts';

it('names the Debian package when a poppler tool is missing', () => {
  expect(() => checkPoppler('pdftoppm', '/nonexistent')).toThrow(/poppler-utils/);
  expect(() => checkPoppler('pdftoppm')).not.toThrow();
});
