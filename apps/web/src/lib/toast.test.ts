import { describe, expect, it, vi } from 'vitest';
import { installEscapeToClose, TOAST_CONFIG } from './toast.js';

function keydown(key: string) {
  return Object.assign(new Event('keydown'), { key });
}

describe('TOAST_CONFIG', () => {
  it('is 3 seconds (antd counts seconds), 16 px from the top, a few at a time', () => {
    expect(TOAST_CONFIG).toEqual({ duration: 3, top: 16, maxCount: 3 });
  });
});

describe('installEscapeToClose', () => {
  it('closes open toasts on Escape only, until uninstalled', () => {
    const target = new EventTarget();
    const destroy = vi.fn();
    const uninstall = installEscapeToClose({ target, destroy });
    target.dispatchEvent(keydown('Enter'));
    expect(destroy).not.toHaveBeenCalled();
    target.dispatchEvent(keydown('Escape'));
    expect(destroy).toHaveBeenCalledTimes(1);
    uninstall();
    target.dispatchEvent(keydown('Escape'));
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
