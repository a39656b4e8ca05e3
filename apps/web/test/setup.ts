/**
 * Every component test file (jsdom). jsdom lacks two browser APIs antd asks for: matchMedia (the
 * responsive grid; nothing matches, so the narrow layout) and ResizeObserver (tables, tabs,
 * segmented controls watch their size).
 *
 * The files of a worker share one window and one module cache (the `web` project does not isolate
 * files: a fresh jsdom and a fresh import of antd and React per file were about two thirds of the
 * project's CPU). So each file starts from an empty address, storage and body, and ends by
 * unmounting what it drew, letting React's last queued render run, then stopping the window's timers
 * it left (an antd delay, a debounce) and emptying the body: nothing of one file reaches the next
 * (a dialog left open by one file made "multiple elements with the role alert" in another).
 */
import { cleanup } from '@testing-library/react';
// The page's event handling, as main.tsx installs it (decision 0046).
import '../src/app/preact-events';
import { afterAll, beforeAll } from 'vitest';

window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The window's timers still pending, to stop at the end of a file (jsdom keeps its own list private). */
type Shared = { __webTestTimers?: Set<number> };
const shared = globalThis as Shared;
shared.__webTestTimers ??= watchTimers();
const pending = shared.__webTestTimers;

function watchTimers(): Set<number> {
  const ids = new Set<number>();
  const { setTimeout: later, setInterval: every, clearTimeout: cancel, clearInterval: stop } = window;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    // A string handler goes to jsdom as it is (it stays listed until the file ends).
    const done =
      typeof fn === 'function'
        ? (...a: unknown[]) => {
            ids.delete(id);
            fn(...a);
          }
        : fn;
    const id = later(done, ms, ...args);
    ids.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = every(fn, ms, ...args);
    ids.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) ids.delete(id);
    cancel(id);
  }) as typeof window.clearTimeout;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) ids.delete(id);
    stop(id);
  }) as typeof window.clearInterval;
  return ids;
}

beforeAll(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  // One list for both kinds (the HTML standard's, which jsdom follows): clearTimeout stops either,
  // and takes the id out of `pending`.
  for (const id of pending) window.clearTimeout(id);
  document.body.innerHTML = '';
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
});
