/**
 * A confirmation dialog with one text input (SPEC.md section 5): confirming is blocked, the dialog
 * stays open and the error shows under the input, until the pattern and validator accept it.
 */
import { DIALOG_MASK_CLOSABLE } from '@dropship/contract';
import { Input, Modal, type ModalFuncProps, Typography } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { type PromptRules, validatePromptInput } from './prompt-validation.js';

export interface ConfirmPromptOptions extends PromptRules {
  title: ReactNode;
  /** Text above the input. */
  content?: ReactNode;
  placeholder?: string;
  defaultValue?: string;
  okText?: string;
  cancelText?: string;
}

/** Modal (static) or App.useApp().modal, which follows the app's theme and locale. */
export interface ConfirmApi {
  confirm(config: ModalFuncProps): { destroy(): void };
}

interface FieldState {
  value: string;
  error: string | null;
}

/** The input lives in the dialog's own React root; this store lets onOk read and mark it. */
function createFieldStore(initial: FieldState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: FieldState) {
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type FieldStore = ReturnType<typeof createFieldStore>;

function PromptField(props: { store: FieldStore; content?: ReactNode; placeholder?: string; onEnter(): void }) {
  const { store, content, placeholder, onEnter } = props;
  const { value, error } = useSyncExternalStore(store.subscribe, store.get);
  return (
    <div>
      {content ? <div style={{ marginBottom: 8 }}>{content}</div> : null}
      <Input
        autoFocus
        value={value}
        placeholder={placeholder}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        onChange={(e) => store.set({ value: e.target.value, error: null })}
        onPressEnter={onEnter}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Resolves with the accepted text, or null when the user cancels. */
export function confirmPrompt(options: ConfirmPromptOptions, modal: ConfirmApi = Modal): Promise<string | null> {
  const { title, content, placeholder, defaultValue = '', okText = '确定', cancelText = '取消', ...rules } = options;
  const store = createFieldStore({ value: defaultValue, error: null });

  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return false;
      settled = true;
      resolve(value);
      return true;
    };
    /** True when the input was accepted (and the promise resolved). */
    const tryConfirm = () => {
      const { value } = store.get();
      const error = validatePromptInput(value, rules);
      if (error) {
        store.set({ value, error });
        return false;
      }
      return settle(value);
    };

    const instance = modal.confirm({
      title,
      icon: null,
      okText,
      cancelText,
      mask: { closable: DIALOG_MASK_CLOSABLE },
      content: <PromptField store={store} content={content} placeholder={placeholder} onEnter={() => tryConfirm() && instance.destroy()} />,
      // Declaring the close parameter tells antd not to close by itself: the dialog closes only when we call it.
      onOk: (close: () => void) => {
        if (tryConfirm()) close();
      },
      onCancel: () => {
        settle(null);
      },
    });
  });
}
