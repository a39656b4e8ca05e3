/**
 * The queue of the dialogs the shell opens on its own after sign-in (the shop-expiry dialog, the
 * guided tours, the operator's page popup): at most one is shown at a time, in a fixed order, and
 * the next only after the one shown closes. A dialog still finding out whether it applies (its call
 * in flight) holds back those after it, so a later one never flashes up first and is then covered.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** Highest priority first: what the user must act on before hints and announcements. */
export const DIALOG_ORDER = ['shopAuth', 'guides', 'pagePopup'] as const;
export type DialogKey = (typeof DIALOG_ORDER)[number];

/** `pending`: not known yet whether it applies; `wants`: it applies and waits for (or has) its turn. */
export type DialogState = 'pending' | 'wants' | 'idle';

type States = Partial<Record<DialogKey, DialogState>>;

/** The dialog whose turn it is: the one shown keeps it while it wants it, else the first in order. */
export function nextTurn(states: States, shown: DialogKey | null): DialogKey | null {
  if (shown && states[shown] === 'wants') return shown;
  for (const key of DIALOG_ORDER) {
    const s = states[key] ?? 'idle';
    if (s === 'pending') return null;
    if (s === 'wants') return key;
  }
  return null;
}

interface Queue {
  turn: DialogKey | null;
  report: (key: DialogKey, state: DialogState) => void;
}

const QueueContext = createContext<Queue | null>(null);

export function DialogQueueProvider({ children }: { children: ReactNode }) {
  const [states, setStates] = useState<States>({});
  const [shown, setShown] = useState<DialogKey | null>(null);
  const turn = nextTurn(states, shown);
  useEffect(() => setShown(turn), [turn]);
  const report = useCallback((key: DialogKey, state: DialogState) => setStates((s) => (s[key] === state ? s : { ...s, [key]: state })), []);
  const value = useMemo(() => ({ turn, report }), [turn, report]);
  return <QueueContext.Provider value={value}>{children}</QueueContext.Provider>;
}

/**
 * Tells the queue where this dialog stands and answers whether it may show now. Outside a queue
 * (a page rendered on its own) every dialog may show.
 */
export function useDialogTurn(key: DialogKey, state: DialogState): boolean {
  const queue = useContext(QueueContext);
  const report = queue?.report;
  useEffect(() => {
    if (!report) return;
    report(key, state);
  }, [report, key, state]);
  useEffect(() => (report ? () => report(key, 'idle') : undefined), [report, key]);
  return queue ? queue.turn === key : true;
}
