/**
 * Unit conversions. Millimetres are canonical everywhere in this package; other units appear only
 * at the edges: points in PDF and font sizes, CSS px (1/96 in) in the Fabric designer canvas and in
 * C-Lodop item coordinates, 0.1 mm in C-Lodop page sizes, printer dots for barcode snapping.
 */
export const MM_PER_INCH = 25.4;

export const mmToPt = (mm: number): number => (mm * 72) / MM_PER_INCH;
export const ptToMm = (pt: number): number => (pt * MM_PER_INCH) / 72;
export const mmToPx = (mm: number): number => (mm * 96) / MM_PER_INCH;
export const pxToMm = (px: number): number => (px * MM_PER_INCH) / 96;
/** Designer font sizes are canvas px; a px is 3/4 of a point. */
export const pxToPt = (px: number): number => px * 0.75;

/** Size of one printer dot in mm (203 dpi: 0.125 mm; 300 dpi: 0.0847 mm). */
export const dotMm = (dpi: number): number => MM_PER_INCH / dpi;

/**
 * Rounds to 0.1 µm. The display list is compared byte for byte in tests and cached by callers, so
 * float noise from repeated additions must not leak into it.
 */
export const r4 = (v: number): number => {
  const n = Math.round(v * 10_000) / 10_000;
  return Object.is(n, -0) ? 0 : n;
};

export const round2 = (v: number): number => {
  const n = Math.round(v * 100) / 100;
  return Object.is(n, -0) ? 0 : n;
};
