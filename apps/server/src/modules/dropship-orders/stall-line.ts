/**
 * An order line typed by hand against one of the seller's stalls (declarations, offline pickup
 * orders): no shop SKU and no goods link, so the stall's walk fields and the typed 货号, colour,
 * size and price are the line. The snapshot says where the line came from.
 */
import type * as repo from './orders.repository.js';

export interface StallFields {
  id: number;
  name: string;
  market: string;
  building: string;
  floor: string;
  stallNo: string;
  marketArea: string;
}

export interface TypedLine {
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceFen: number;
}

export function stallLineItem(lineNo: number, s: StallFields, l: TypedLine, snapshot: Record<string, unknown>): repo.NewItem {
  return {
    lineNo,
    shopOrderItemId: null,
    customGoodsId: null,
    title: `${s.name} ${l.artNo}`,
    spec: [l.color, l.size].filter(Boolean).join(' ') || null,
    picUrl: null,
    snapshot,
    supplierId: s.id,
    stallName: s.name,
    market: s.market,
    building: s.building,
    floor: s.floor,
    stallNo: s.stallNo,
    marketArea: s.marketArea,
    artNo: l.artNo,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    unitCostFen: l.unitPriceFen,
  };
}
