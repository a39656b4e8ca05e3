/**
 * Toast defaults of SPEC.md section 9: 3 s, 16 px from the top, closed with Escape. Apply once at
 * start-up: message.config(TOAST_CONFIG) (or App's message={TOAST_CONFIG}) and installEscapeToClose().
 */
import { TOAST } from '@dropship/contract';
import { message } from 'antd';

/** A burst of failures (several calls failing together) shows a few toasts, not a column of them. */
export const TOAST_MAX_COUNT = 3;

export const TOAST_CONFIG = {
  /** antd counts seconds; the contract keeps milliseconds. */
  duration: TOAST.duration / 1000,
  top: TOAST.offset,
  maxCount: TOAST_MAX_COUNT,
} as const;

export interface EscapeToCloseOptions {
  /** Where keydown is heard; window by default. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Closes every open toast; message.destroy by default (App's message instance works too). */
  destroy?: () => void;
}

/** Returns the uninstall function (for tests and hot reload). */
export function installEscapeToClose(options: EscapeToCloseOptions = {}): () => void {
  const target = options.target ?? globalThis.window;
  const destroy = options.destroy ?? (() => message.destroy());
  const onKeyDown = (event: Event) => {
    if ((event as KeyboardEvent).key === 'Escape') destroy();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
