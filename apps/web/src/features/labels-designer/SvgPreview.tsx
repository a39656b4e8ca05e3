/**
 * Shows an SVG from the server as an image: an <img> never runs anything inside the document, and
 * the SVG carries its size in mm, so it shows at the label's real size.
 */
import { useEffect, useState } from 'react';

export function SvgPreview({ svg, alt, scale = 1 }: { svg: string; alt: string; scale?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [svg]);
  if (!url) return null;
  return <img src={url} alt={alt} data-testid="svg-preview" style={{ zoom: scale, maxWidth: '100%', boxShadow: '0 0 0 1px #d9d9d9', background: '#fff' }} />;
}
