/**
 * SPEC.md section 6: two shared demo accounts get local storage cleared and the page reloaded, so
 * every visitor of a demo sees the dialogs and tours afresh. Once per browser session, and the
 * identity keys are kept so the visitor stays signed in.
 */
import { DEMO_RESET_USERNAMES, STORAGE_KEYS } from '@dropship/contract';
import { useEffect } from 'react';
import { useShell } from './shell-context';

const DONE_KEY = 'demo_reset_done';
const KEEP: string[] = [STORAGE_KEYS.userId, STORAGE_KEYS.userHash, STORAGE_KEYS.userType];

export function useDemoReset() {
  // The account signed in, not its organisation's main account (which the shell names as
  // `username`): a sub-account of a demo organisation, such as demo_picker, is not reset. Reset,
  // the picker was reloaded on 工作台 before its landing moved it to its workbench, and stayed there.
  const user = useShell()?.user;
  const username = user ? (user.subUsername ?? user.username) : undefined;
  useEffect(() => {
    if (!username || !(DEMO_RESET_USERNAMES as readonly string[]).includes(username) || sessionStorage.getItem(DONE_KEY)) return;
    sessionStorage.setItem(DONE_KEY, '1');
    const kept = KEEP.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
    window.location.reload();
  }, [username]);
}
