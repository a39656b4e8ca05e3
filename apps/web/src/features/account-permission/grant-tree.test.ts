import { roleGrantTree } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { toggle, treeCheckState } from './grant-tree';

const tree = roleGrantTree('seller', 'main');

describe('ticking the grant tree', () => {
  it('a menu page brings the pages inside it; a page inside brings its menu page', () => {
    expect(toggle(tree, [], 'order/daifaOrderList', true).sort()).toEqual([
      'order/daifaOrderList',
      'order/daifaOrderList/daifaOrederListDetail',
      'order/placeOrder',
    ]);
    expect(toggle(tree, [], 'order/placeOrder', true).sort()).toEqual(['order/daifaOrderList', 'order/placeOrder']);
  });

  it('unticking a menu page unticks the pages inside it, unticking a page inside keeps its menu page', () => {
    const all = toggle(tree, [], 'order/daifaOrderList', true);
    expect(toggle(tree, all, 'order/daifaOrderList', false)).toEqual([]);
    expect(toggle(tree, all, 'order/placeOrder', false).sort()).toEqual(['order/daifaOrderList', 'order/daifaOrderList/daifaOrederListDetail']);
  });

  it('a group ticks every page and shows ticked only when full', () => {
    const funds = toggle(tree, [], 'group:funds', true);
    expect(funds).toContain('funds/balance');
    expect(funds).toContain('funds/pay');
    expect(funds.some((c) => c.startsWith('group:'))).toBe(false);
    expect(treeCheckState(tree, funds).checked).toContain('group:funds');
    const partly = toggle(tree, funds, 'funds/balance', false);
    expect(treeCheckState(tree, partly).halfChecked).toContain('group:funds');
  });
});
