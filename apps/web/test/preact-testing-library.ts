/**
 * What the component tests import as `@testing-library/react` (vitest.config.ts aliases it here):
 * the DOM testing library's queries and events, with `render` and `act` on Preact's React layer, the
 * renderer the page ships with (decision 0046). React's testing library renders through
 * react-dom itself, which the page no longer carries.
 *
 * Preact renders a state change on the next microtask and runs effects after the next frame; `act`
 * (Preact's test utilities) runs both before it returns, so every event fired here is wrapped in it,
 * as React's library wraps its own.
 */
import { configure, fireEvent as domFireEvent, getQueriesForElement, prettyDOM } from '@testing-library/dom';
import { act } from 'preact/test-utils';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export * from '@testing-library/dom';
export { act };

/**
 * `fireEvent.change` as a browser sends it for typing: an `input` event, then `change`. React's
 * onChange answered either; Preact's layer listens to `input` on a text field, as the browser's
 * typing fires it, and to `change` on a choice.
 */
export const fireEvent: typeof domFireEvent = Object.assign((...args: Parameters<typeof domFireEvent>) => domFireEvent(...args), domFireEvent, {
  change: (element: Document | Element | Window | Node, init?: object) => {
    domFireEvent.input(element, init);
    return domFireEvent.change(element, init);
  },
});

configure({
  eventWrapper: (fire) => {
    let result: unknown;
    act(() => {
      result = fire();
    });
    return result;
  },
});

type Mounted = { container: HTMLElement; root: Root };
const mounted = new Set<Mounted>();

export function render(ui: ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const entry = { container, root };
  mounted.add(entry);
  act(() => root.render(ui));
  return {
    container,
    baseElement: document.body,
    ...getQueriesForElement(document.body),
    debug: (el: Element = document.body) => console.log(prettyDOM(el)),
    rerender: (next: ReactNode) => act(() => root.render(next)),
    unmount: () => unmountOne(entry),
  };
}

function unmountOne(entry: Mounted) {
  act(() => entry.root.unmount());
  entry.container.remove();
  mounted.delete(entry);
}

export function cleanup() {
  for (const entry of [...mounted]) unmountOne(entry);
}
