/**
 * Declared lines as the editor holds them (texts, price in yuan) and their conversion: pasted
 * from Excel (tab- or comma-separated columns 档口 货号 颜色 尺码 数量 单价 [收货人 手机 省 市 区 地址])
 * and turned into the save call's lines (price in fen).
 */
import { type DeclarationDelivery, type DeclarationLineInput, fenToYuan, yuanToFen } from '@dropship/contract';

export interface EditLine {
  key: string;
  stall: string;
  artNo: string;
  color: string;
  size: string;
  quantity: string;
  price: string;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

let seq = 0;
export const emptyLine = (): EditLine => ({
  key: `l${++seq}`,
  stall: '',
  artNo: '',
  color: '',
  size: '',
  quantity: '1',
  price: '',
  name: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  address: '',
});

const FIELDS = ['stall', 'artNo', 'color', 'size', 'quantity', 'price', 'name', 'phone', 'province', 'city', 'district', 'address'] as const;

/** Rows of pasted text; a first row naming 档口 is a header and skipped; blank rows are ignored. */
export function parsePasted(text: string): EditLine[] {
  const rows = text
    .split(/\r?\n/)
    .map((r) => r.trim())
    .filter(Boolean);
  const body = rows[0]?.includes('档口') ? rows.slice(1) : rows;
  return body.map((row) => {
    const cells = row.includes('\t') ? row.split('\t') : row.split(/[,，]/);
    const line = emptyLine();
    FIELDS.forEach((f, i) => {
      const v = cells[i]?.trim();
      if (v !== undefined && v !== '') line[f] = v;
    });
    return line;
  });
}

/** A pasted or typed price cell → fen: the contract's yuanToFen after a leading ¥ (Excel's currency format); null when it is no price. */
export function cellFen(text: string): number | null {
  return yuanToFen(text.trim().replace(/^[¥￥]/, ''));
}

/**
 * What the page sends. A price that is no price goes as the text typed, never as NaN (which JSON
 * turns into null, read as a missing price): the server then names the field, 单价必须是数字（单位：分）.
 */
export function toInput(l: EditLine, delivery: DeclarationDelivery): DeclarationLineInput {
  const fen = cellFen(l.price);
  return {
    stall: l.stall,
    artNo: l.artNo,
    color: l.color,
    size: l.size,
    quantity: Number(l.quantity),
    unitPriceFen: fen ?? (l.price as unknown as number),
    ...(delivery === 'RECEIVER'
      ? { receiver: { name: l.name, phone: l.phone, province: l.province, city: l.city, district: l.district, address: l.address } }
      : {}),
  };
}

export function fromDetail(l: {
  stall: string;
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceFen: number;
  receiver: { name: string; phone: string; province: string; city: string; district: string; address: string } | null;
}): EditLine {
  const r = l.receiver;
  return {
    ...emptyLine(),
    stall: l.stall,
    artNo: l.artNo,
    color: l.color,
    size: l.size,
    quantity: String(l.quantity),
    price: fenToYuan(l.unitPriceFen),
    ...(r ? { name: r.name, phone: r.phone, province: r.province, city: r.city, district: r.district, address: r.address } : {}),
  };
}
