import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentStatus } from '../platform-print/client';
import { COMPONENT_SOURCES, type PrintComponentSource } from '../platform-print/components';
import { COMPONENT_PRINTERS_STORAGE_KEY } from '../platform-print/printer-choice';
import { PlatformPrintCard } from './PlatformPrintCard';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const idle: ComponentStatus = { state: 'unavailable', printers: [], defaultPrinter: '', error: null };
const statuses = (over: Partial<Record<PrintComponentSource, Partial<ComponentStatus>>>) =>
  Object.fromEntries(COMPONENT_SOURCES.map((s) => [s, { ...idle, ...over[s] }])) as Record<PrintComponentSource, ComponentStatus>;

describe('PlatformPrintCard', () => {
  it('shows each component’s state, what to do when one is missing, and rechecks one on request', () => {
    const onRecheck = vi.fn();
    render(
      <App>
        <PlatformPrintCard
          statuses={statuses({
            CAINIAO: { state: 'connected', printers: ['面单机-A'], defaultPrinter: '面单机-A' },
            PDD: { state: 'failed', printers: ['面单机-A'], error: '打印机缺纸' },
            JD: { state: 'connecting' },
          })}
          onRecheck={onRecheck}
        />
      </App>,
    );
    expect(screen.getByTestId('component-state-CAINIAO').textContent).toBe('已连接');
    expect(screen.queryByTestId('component-advice-CAINIAO')).toBeNull();
    expect(screen.getByTestId('component-state-PDD').textContent).toBe('打印失败');
    expect(screen.getByTestId('component-advice-PDD').textContent).toContain('拼多多打印组件打印失败：打印机缺纸');
    expect(screen.getByTestId('component-state-TIKTOK').textContent).toBe('未安装或未启动');
    expect(screen.getByTestId('component-advice-TIKTOK').textContent).toBe(
      '未检测到抖店打印组件：请在仓库电脑安装并启动抖店打印组件（TIKTOK 打印组件），再点重新检测。',
    );
    expect(screen.getByTestId('component-state-JD').textContent).toBe('连接中');
    fireEvent.click(within(screen.getByTestId('platform-print-card')).getByTestId('recheck-TIKTOK'));
    expect(onRecheck).toHaveBeenCalledWith('TIKTOK');
  });

  it('keeps the chosen printer per component on this computer', async () => {
    render(
      <App>
        <PlatformPrintCard
          statuses={statuses({ CAINIAO: { state: 'connected', printers: ['面单机-A', '面单机-B'], defaultPrinter: '面单机-A' } })}
          onRecheck={() => {}}
        />
      </App>,
    );
    fireEvent.mouseDown(screen.getByLabelText('菜鸟打印组件 打印机'));
    fireEvent.click(await screen.findByTitle('面单机-B'));
    expect(JSON.parse(localStorage.getItem(COMPONENT_PRINTERS_STORAGE_KEY) ?? '{}')).toEqual({ CAINIAO: '面单机-B' });
  });
});
