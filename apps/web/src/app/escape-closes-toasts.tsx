import { App, message } from 'antd';
import { useEffect } from 'react';
import { installEscapeToClose } from '../lib/toast';

/** Escape closes toasts (SPEC.md section 9), both the App-context ones and the static ones. */
export function EscapeClosesToasts() {
  const app = App.useApp();
  useEffect(
    () =>
      installEscapeToClose({
        destroy: () => {
          app.message.destroy();
          message.destroy();
        },
      }),
    [app.message],
  );
  return null;
}
