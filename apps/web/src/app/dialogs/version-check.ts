/**
 * The version check of SPEC.md section 4: on every navigation /version.json is fetched; a version
 * other than the stored app_version opens one blocking 版本更新提示 dialog. Failures are ignored.
 */
import { DEFAULT_APP_VERSION, STORAGE_KEYS } from '@dropship/contract';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

let dialogOpen = false;

export async function checkVersion(modal: Pick<ModalStaticFunctions, 'info'>, reload: () => void = () => window.location.reload()) {
  if (dialogOpen) return;
  let file: { version?: unknown; desc?: unknown };
  try {
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return;
    file = await res.json();
  } catch {
    return;
  }
  const version = typeof file.version === 'string' ? file.version : '';
  const stored = localStorage.getItem(STORAGE_KEYS.appVersion) ?? DEFAULT_APP_VERSION;
  if (!version || version === stored || dialogOpen) return;
  dialogOpen = true;
  modal.info({
    title: '版本更新提示',
    content: typeof file.desc === 'string' && file.desc ? file.desc : '系统已更新，请刷新页面。',
    okText: '我知道了',
    closable: false,
    mask: { closable: false },
    keyboard: false,
    onOk: () => {
      localStorage.setItem(STORAGE_KEYS.appVersion, version);
      dialogOpen = false;
      reload();
    },
  });
}
