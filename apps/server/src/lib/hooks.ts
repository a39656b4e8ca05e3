/**
 * Typed in-process hooks: how a module tells a module that depends on it that something happened,
 * without importing it (that import would close a loop between the two). The upstream module
 * declares and exports the hook and emits it where the step belongs, handing over the caller's
 * transaction and the facts; the downstream module exports the handler; `wireModuleHooks()`
 * (src/hooks.ts, the one composition place) connects them. Handlers run in order, awaited, inside
 * the emitter's transaction, exactly as a direct call would.
 *
 * Every hook is required: emitting one that nobody wired throws, so a forgotten registration fails
 * loudly instead of silently skipping a step. Registration is idempotent (handlers are kept in a
 * Set and must be module-level functions), because a test process builds many apps.
 */
import type { Db } from '../db/client.js';

export type HookHandler<F> = (t: Db, facts: F) => Promise<void>;

export interface Hook<F> {
  readonly name: string;
  /** Whether a handler is registered. */
  readonly wired: boolean;
  /** Registers a handler once; registering the same function again changes nothing. */
  on(handler: HookHandler<F>): void;
  /** Runs every handler in `t`, one after another; throws when the hook has none. */
  emit(t: Db, facts: F): Promise<void>;
}

const declared: Pick<Hook<unknown>, 'name' | 'wired'>[] = [];

export function defineHook<F>(name: string): Hook<F> {
  const handlers = new Set<HookHandler<F>>();
  const hook: Hook<F> = {
    name,
    get wired() {
      return handlers.size > 0;
    },
    on: (handler) => void handlers.add(handler),
    async emit(t, facts) {
      if (handlers.size === 0) throw new Error(`hook ${name} has no handler: wireModuleHooks() was not called`);
      for (const handler of handlers) await handler(t, facts);
    },
  };
  declared.push(hook);
  return hook;
}

/** Every hook declared so far (a test checks that wiring leaves none without a handler). */
export const declaredHooks = (): readonly Pick<Hook<unknown>, 'name' | 'wired'>[] => declared;
