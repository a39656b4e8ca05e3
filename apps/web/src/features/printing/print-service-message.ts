/**
 * Which print-service message to show (SPEC.md §8): not installed, needs an upgrade, and the same
 * two for the cloud print service. Kept as data (text around two installer links) so the page
 * renders it with antd and a test can read it; every variant ends by asking for a page refresh,
 * because the script is only looked for when the page loads.
 */
import type { PrintServiceConfig } from '@dropship/contract';
import { compareVersions, type PrintServiceState } from './lodop-loader';

/** 'clodop' is the print control the page loads; 'cloud' the local cloud print service (SPEC.md §8, §9). */
export type PrintServiceKind = 'clodop' | 'cloud';
export type PrintServiceProblem = 'notInstalled' | 'needsUpgrade' | 'cloudNotStarted' | 'cloudNeedsUpgrade';

export interface PrintServiceMessage {
  problem: PrintServiceProblem;
  /** Text before the links, the links (32 and 64 bit installers), text after. */
  before: string;
  links: { label: string; href: string }[];
  after: string;
  /** The whole sentence, for logs and tests. */
  text: string;
}

export interface PrintServiceStatusInput {
  kind?: PrintServiceKind;
  state: PrintServiceState;
  version: string | null;
}

const TEXTS: Record<PrintServiceProblem, { before: string; after: string }> = {
  notInstalled: { before: 'Web打印服务C-Lodop未安装启动，点击这里下载执行安装', after: '，安装后请刷新页面。' },
  needsUpgrade: { before: 'Web打印服务C-Lodop需要升级，点击这里下载执行升级', after: '，升级后请刷新页面。' },
  cloudNotStarted: { before: '本地云打印服务未安装或未启动，点击这里下载执行安装', after: '，安装并启动后请刷新页面。' },
  cloudNeedsUpgrade: { before: '云打印服务需要升级，点击这里下载执行升级', after: '，升级后请刷新页面。' },
};

/** True when a loaded service is older than the configured minimum. */
export function isOutdated(version: string | null, minVersion: string): boolean {
  return !!version && compareVersions(version, minVersion) < 0;
}

/** The message for a status, or null when there is nothing to say (still loading, or fine). */
export function printServiceMessage(s: PrintServiceStatusInput, config: PrintServiceConfig): PrintServiceMessage | null {
  const cloud = s.kind === 'cloud';
  let problem: PrintServiceProblem | null = null;
  if (s.state === 'error') problem = cloud ? 'cloudNotStarted' : 'notInstalled';
  else if (s.state === 'complete' && isOutdated(s.version, cloud ? config.cloudMinVersion : config.minVersion))
    problem = cloud ? 'cloudNeedsUpgrade' : 'needsUpgrade';
  if (!problem) return null;
  const { before, after } = TEXTS[problem];
  const links = [
    { label: '32位', href: config.installers.win32 },
    { label: '64位', href: config.installers.win64 },
  ];
  return { problem, before, links, after, text: `${before}（${links.map((l) => l.label).join(' / ')}）${after}` };
}
