/**
 * What the page says about a component in each state: a short tag and, where something is wrong,
 * what to do about it. Kept as data so the card and the scan station say the same thing.
 */
import type { ComponentState, ComponentStatus } from './client';
import { COMPONENTS, type PrintComponentSource } from './components';

export const STATE_LABEL: Record<ComponentState, string> = {
  unchecked: '未检测',
  connecting: '连接中',
  connected: '已连接',
  unavailable: '未安装或未启动',
  printing: '打印中',
  failed: '打印失败',
};

/** The advice for a status, or null when there is nothing to do. */
export function componentAdvice(source: PrintComponentSource, s: Pick<ComponentStatus, 'state' | 'printers' | 'error'>): string | null {
  const name = COMPONENTS[source].name;
  switch (s.state) {
    case 'unavailable':
      return `未检测到${name}：请在仓库电脑安装并启动${name}（${source} 打印组件），再点重新检测。`;
    case 'failed':
      return `${name}打印失败：${s.error ?? '未知原因'}。请检查打印机和面单后重试；面单数据有误时请重新获取电子面单。`;
    case 'connected':
      return s.printers.length ? null : `${name}已连接，但没有报告任何打印机：请在这台电脑上添加面单打印机，再点重新检测。`;
    default:
      return null;
  }
}
