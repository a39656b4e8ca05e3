import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider, Modal } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmApi, confirmPrompt } from './confirm-prompt.js';

// Without motion a closed dialog leaves the DOM at once (jsdom never ends CSS animations).
const NO_MOTION = { token: { motion: false } };
beforeAll(() => {
  ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={NO_MOTION}>{children}</ConfigProvider> });
});

afterEach(() => {
  Modal.destroyAll();
  cleanup();
});

/** Hands out App.useApp().modal, the themed alternative to the static Modal. */
function ModalApiProbe({ onApi }: { onApi(api: ConfirmApi): void }) {
  onApi(App.useApp().modal);
  return null;
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });
const input = () => screen.getByRole('textbox') as HTMLInputElement;

async function type(value: string) {
  await act(async () => {
    fireEvent.change(input(), { target: { value } });
  });
}

describe('confirmPrompt', () => {
  it('keeps the dialog open and shows the error until the input passes', async () => {
    let result: string | null | undefined;
    const promise = confirmPrompt({ title: '请输入取件码', content: '取件码为4位数字', pattern: /^\d{4}$/, errorMessage: '请输入4位数字' }).then((v) => {
      result = v;
    });
    await screen.findByRole('dialog', { name: '请输入取件码' });
    expect(screen.getByText('取件码为4位数字')).toBeTruthy();

    await type('12');
    await act(async () => fireEvent.click(okButton()));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入4位数字');
    expect(result).toBeUndefined();
    expect(screen.getByRole('dialog', { name: '请输入取件码' })).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');

    // Typing again clears the error; a valid value confirms and closes.
    await type('1234');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(okButton()));
    await promise;
    expect(result).toBe('1234');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uses the default message with a validator, and resolves null on cancel', async () => {
    const promise = confirmPrompt({ title: '填写原因', validator: (v) => v.trim().length > 0 });
    await screen.findByRole('dialog', { name: '填写原因' });
    await act(async () => fireEvent.click(okButton()));
    expect((await screen.findByRole('alert')).textContent).toBe('输入的数据不合法!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /取\s*消/ })));
    await expect(promise).resolves.toBeNull();
  });

  it('closes on a click on the backdrop (dialogs are mask-closable app-wide)', async () => {
    const promise = confirmPrompt({ title: '备注' });
    const dialog = await screen.findByRole('dialog', { name: '备注' });
    const wrap = dialog.closest('.ant-modal-wrap') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(wrap);
      fireEvent.mouseUp(wrap);
      fireEvent.click(wrap);
    });
    await expect(promise).resolves.toBeNull();
  });

  it('confirms with Enter through the modal of App.useApp()', async () => {
    let api: ConfirmApi | undefined;
    render(
      <ConfigProvider theme={NO_MOTION}>
        <App>
          <ModalApiProbe onApi={(modal) => (api = modal)} />
        </App>
      </ConfigProvider>,
    );
    await waitFor(() => expect(api).toBeDefined());
    let promise: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      promise = confirmPrompt({ title: '修改备注', defaultValue: '旧备注', placeholder: '请输入备注' }, api);
    });
    await screen.findByRole('dialog', { name: '修改备注' });
    expect(input().value).toBe('旧备注');
    expect(input().placeholder).toBe('请输入备注');
    await type('新备注');
    await act(async () => fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await expect(promise).resolves.toBe('新备注');
  });
});
