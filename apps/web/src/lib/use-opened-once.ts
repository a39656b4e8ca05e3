import { useRef } from 'react';

/**
 * Whether `open` has ever been true: a dialog whose code loads on its first opening (React.lazy)
 * mounts then and stays mounted, so closing still animates and opening again loads nothing.
 */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
