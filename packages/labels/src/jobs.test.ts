import { describe, expect, it } from 'vitest';
import { expandPickupTags } from './jobs.ts';
import type { PickupTagItem } from './layouts/pickup-tag.ts';
import { defaultPickupTagTemplate } from './layouts/pickup-tag-template.ts';

const withSeparator = () => {
  const t = defaultPickupTagTemplate();
  t.datas.pickup.tagElements.find((e) => e.key === 'PRINT_STALL_SEPARATOR')!.checked = true;
  return t;
};
const items = (...stalls: string[]): PickupTagItem[] => stalls.map((s, i) => ({ stallName: s, TAKE_CODE: String(i) }) as PickupTagItem);
const shape = (entries: ReturnType<typeof expandPickupTags>) => entries.map((e) => (e.type === 'tag' ? e.item.TAKE_CODE : `|${e.stallName}×${e.count}`));

describe('expandPickupTags', () => {
  it('inserts a separator between runs of different stalls when the template enables it', () => {
    expect(shape(expandPickupTags(withSeparator(), items('A', 'A', 'B', 'C', 'C', 'C')))).toEqual(['0', '1', '|B×1', '2', '|C×3', '3', '4', '5']);
  });

  it('keeps the caller order: a stall met again after another starts a new run', () => {
    expect(shape(expandPickupTags(withSeparator(), items('A', 'B', 'A')))).toEqual(['0', '|B×1', '1', '|A×1', '2']);
  });

  it('adds nothing when the template leaves the separator off, or for one stall', () => {
    expect(shape(expandPickupTags(defaultPickupTagTemplate(), items('A', 'B')))).toEqual(['0', '1']);
    expect(shape(expandPickupTags(withSeparator(), items('A', 'A')))).toEqual(['0', '1']);
    expect(expandPickupTags(withSeparator(), [])).toEqual([]);
  });
});
