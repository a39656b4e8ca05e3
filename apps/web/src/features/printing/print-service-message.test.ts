import type { PrintServiceConfig } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { printServiceMessage } from './print-service-message';

const config: PrintServiceConfig = {
  license: { companyName: 'c', license: 'l', licenseA: '', licenseB: '' },
  minVersion: '6.5.0.0',
  cloudMinVersion: '4.0.0.0',
  installers: { win32: '/static/clodop/CLodop_Setup_for_Win32NT.exe', win64: '/static/clodop/CLodop_Setup_for_Win64NT.exe' },
};

describe('printServiceMessage', () => {
  it('says nothing while loading or when the service is recent enough', () => {
    expect(printServiceMessage({ state: 'loading', version: null }, config)).toBeNull();
    expect(printServiceMessage({ state: 'complete', version: '6.10.0.0' }, config)).toBeNull();
    expect(printServiceMessage({ state: 'complete', version: '6.5.0' }, config)).toBeNull();
  });

  it('not installed: install text with both installers and a refresh', () => {
    const m = printServiceMessage({ state: 'error', version: null }, config);
    expect(m?.problem).toBe('notInstalled');
    expect(m?.text).toBe('Web打印服务C-Lodop未安装启动，点击这里下载执行安装（32位 / 64位），安装后请刷新页面。');
    expect(m?.links.map((l) => l.href)).toEqual([config.installers.win32, config.installers.win64]);
  });

  it('older than minVersion (compared numerically): upgrade text', () => {
    expect(printServiceMessage({ state: 'complete', version: '6.4.9.9' }, config)?.problem).toBe('needsUpgrade');
    expect(printServiceMessage({ state: 'complete', version: '6.4.9.9' }, config)?.text).toContain('升级后请刷新页面');
  });

  it('the cloud print service has its own texts and minimum version', () => {
    expect(printServiceMessage({ kind: 'cloud', state: 'error', version: null }, config)?.text).toContain('本地云打印服务未安装或未启动');
    expect(printServiceMessage({ kind: 'cloud', state: 'complete', version: '3.9' }, config)?.problem).toBe('cloudNeedsUpgrade');
    expect(printServiceMessage({ kind: 'cloud', state: 'complete', version: '4.0.0.1' }, config)).toBeNull();
  });
});
