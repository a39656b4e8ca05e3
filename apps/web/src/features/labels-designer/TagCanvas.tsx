/**
 * The Fabric.js view of the designer. Each DesignBox is a selectable Rect (the box that is dragged
 * and resized) with a non-interactive Textbox drawn inside it and clipped to it. Fabric only ever
 * reports geometry back through onChange; the template in the page state stays the truth and the
 * canvas is redrawn from it. Coordinates are model px; the zoom is Fabric's viewport zoom.
 */
import { Canvas, type FabricObject, Rect, Textbox } from 'fabric';
import { useEffect, useRef } from 'react';
import type { DesignBox, Geometry } from './tag-model';

interface Props {
  boxes: DesignBox[];
  width: number;
  height: number;
  zoom: number;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onChange(id: string, g: Geometry): void;
}

interface Drawn {
  box: DesignBox;
  rect: Rect;
  label: Textbox;
  clip: Rect;
}

const TOP_LEFT = { originX: 'left', originY: 'top' } as const;

function labelText(b: DesignBox): string {
  if (b.kind === 'barcode') return `▌▍▌▎▌▍ 条形码\n${b.text}`;
  if (b.kind === 'qrcode') return `▦ 二维码\n${b.text}`;
  return b.text || b.label;
}

function draw(b: DesignBox): Drawn {
  const rect = new Rect({
    ...TOP_LEFT,
    left: b.x,
    top: b.y,
    width: b.width,
    height: b.height,
    fill: b.kind === 'text' ? 'rgba(22,119,255,0.04)' : 'rgba(0,0,0,0.06)',
    stroke: '#69b1ff',
    strokeWidth: 0.5,
    strokeDashArray: [3, 2],
    strokeUniform: true,
    lockRotation: true,
    lockScalingFlip: true,
    cornerSize: 6,
    transparentCorners: false,
  });
  rect.setControlVisible('mtr', false);
  const clip = new Rect({ ...TOP_LEFT, left: b.x, top: b.y, width: b.width, height: b.height, absolutePositioned: true });
  const pad = b.kind === 'text' ? 4 : 2;
  const label = new Textbox(labelText(b), {
    ...TOP_LEFT,
    left: b.x + pad,
    top: b.y + pad,
    width: Math.max(b.width - pad * 2, 1),
    fontSize: b.kind === 'text' ? b.fontSize : 8,
    fontWeight: b.bold ? 'bold' : 'normal',
    textAlign: b.kind === 'text' ? b.align : 'center',
    lineHeight: 1.2,
    fontFamily: "'Noto Sans SC','Microsoft YaHei','PingFang SC',sans-serif",
    splitByGrapheme: true,
    selectable: false,
    evented: false,
    clipPath: clip,
  });
  return { box: b, rect, label, clip };
}

/** Where the rect is now, with Fabric's scale folded into width and height. */
function geometryOf(r: FabricObject): Geometry {
  return { x: r.left, y: r.top, width: r.width * r.scaleX, height: r.height * r.scaleY };
}

export function TagCanvas({ boxes, width, height, zoom, selectedId, onSelect, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const fabric = useRef<Canvas | null>(null);
  const drawn = useRef<Drawn[]>([]);
  const redrawing = useRef(false);
  const selected = useRef(selectedId);
  const handlers = useRef({ onSelect, onChange });
  handlers.current = { onSelect, onChange };

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    // A canvas element of our own per mount: Fabric refuses to initialise an element twice, and
    // dispose() is asynchronous (StrictMode mounts, unmounts and mounts again at once).
    const holder = document.createElement('div');
    const canvasEl = document.createElement('canvas');
    holder.appendChild(canvasEl);
    parent.appendChild(holder);
    const c = new Canvas(canvasEl, { backgroundColor: '#ffffff', selection: false, preserveObjectStacking: true });
    fabric.current = c;
    const find = (o: FabricObject | undefined) => drawn.current.find((d) => d.rect === o);
    const follow = (o: FabricObject | undefined) => {
      const d = find(o);
      if (!d) return;
      const g = geometryOf(d.rect);
      d.label.set({ left: g.x + 4, top: g.y + 4, width: Math.max(g.width - 8, 1) });
      d.clip.set({ left: g.x, top: g.y, width: g.width, height: g.height });
    };
    const picked = (o: FabricObject | undefined) => {
      if (!redrawing.current) handlers.current.onSelect(find(o)?.box.id ?? null);
    };
    c.on('object:moving', (e) => follow(e.target));
    c.on('object:scaling', (e) => follow(e.target));
    c.on('object:modified', (e) => {
      const d = find(e.target);
      if (d) handlers.current.onChange(d.box.id, geometryOf(d.rect));
    });
    c.on('selection:created', (e) => picked(e.selected[0]));
    c.on('selection:updated', (e) => picked(e.selected[0]));
    c.on('selection:cleared', () => picked(undefined));
    return () => {
      fabric.current = null;
      holder.remove();
      void c.dispose();
    };
  }, []);

  // Redrawn from the model when it changes; never on a selection change, which would drop a drag in progress.
  useEffect(() => {
    const c = fabric.current;
    if (!c) return;
    redrawing.current = true;
    c.discardActiveObject();
    c.remove(...c.getObjects());
    drawn.current = boxes.map(draw);
    for (const d of drawn.current) c.add(d.rect, d.label);
    const active = drawn.current.find((d) => d.box.id === selected.current);
    if (active) c.setActiveObject(active.rect);
    c.setZoom(zoom);
    c.setDimensions({ width: width * zoom, height: height * zoom });
    c.requestRenderAll();
    redrawing.current = false;
  }, [boxes, width, height, zoom]);

  useEffect(() => {
    selected.current = selectedId;
    const c = fabric.current;
    if (!c) return;
    const current = drawn.current.find((d) => d.rect === c.getActiveObject());
    if ((current?.box.id ?? null) === selectedId) return;
    redrawing.current = true;
    const next = drawn.current.find((d) => d.box.id === selectedId);
    if (next) c.setActiveObject(next.rect);
    else c.discardActiveObject();
    c.requestRenderAll();
    redrawing.current = false;
  }, [selectedId]);

  return <div ref={host} data-testid="tag-canvas" style={{ boxShadow: '0 0 0 1px #d9d9d9', display: 'inline-block', background: '#fff', lineHeight: 0 }} />;
}
