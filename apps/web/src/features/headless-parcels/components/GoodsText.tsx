/** A parcel's goods lines as one short text each (货号 颜色 尺码 ×数量). */
import type { HeadlessGood } from '@dropship/contract';

export const goodsLine = (g: HeadlessGood) =>
  `${[g.title, g.itemNo && `货号${g.itemNo}`, g.sku && `SKU ${g.sku}`, g.color, g.size].filter(Boolean).join(' ')} ×${g.quantity}`;

export function GoodsText({ goods }: { goods: HeadlessGood[] }) {
  if (goods.length === 0) return <span>-</span>;
  return (
    <div>
      {goods.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id and never reorder
        <div key={i}>{goodsLine(g)}</div>
      ))}
    </div>
  );
}
