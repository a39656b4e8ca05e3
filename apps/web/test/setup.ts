/**
 * Every component test file (jsdom). jsdom lacks two browser APIs antd asks for: matchMedia (the
 * responsive grid; nothing matches, so the narrow layout) and ResizeObserver (tables, tabs,
 * segmented controls watch their size). And when a file ends, React's scheduler may still hold a
 * task (a render queued by the last event, run on a Node immediate): left alone it runs after
 * vitest has torn jsdom down and throws "window is not defined" as an unhandled error, failing the
 * run though every test passed. Unmounting, then letting that task run while the window still
 * exists, then stopping the window's timers so none queues another, ends the file cleanly.
 */
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

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

afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  // Then stop the window's timers: one firing later (an antd delay, a debounce) would queue a render
  // that runs after the teardown, as one did under CI's load though the wait above had passed. The
  // environment closes the window again at teardown, which is harmless; the renders already queued
  // run on Node immediates while the window still exists.
  window.close();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
});
