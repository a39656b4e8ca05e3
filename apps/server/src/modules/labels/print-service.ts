/**
 * The local print service (C-Lodop, SPEC.md section 7): its licence and minimum versions for the
 * page, and its installers. C-Lodop is proprietary and cannot ship in this repository; the
 * administrator places the two installers in CLODOP_INSTALLER_DIR and /downloads/ serves them.
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CLODOP_INSTALLERS, type PrintServiceConfig } from '@dropship/contract';
import type { Config } from '../../config.js';

export function printServiceConfig(config: Config): PrintServiceConfig {
  const c = config.clodop;
  return {
    license: { companyName: c.companyName, license: c.license, licenseA: c.licenseA, licenseB: c.licenseB },
    minVersion: c.minVersion,
    cloudMinVersion: c.cloudMinVersion,
    installers: { win32: `/downloads/${CLODOP_INSTALLERS.win32}`, win64: `/downloads/${CLODOP_INSTALLERS.win64}` },
  };
}

const INSTALLER_NAMES: ReadonlySet<string> = new Set(Object.values(CLODOP_INSTALLERS));

export type InstallerLookup = { kind: 'file'; name: string; size: number; stream: ReadStream } | { kind: 'missing'; dir: string } | { kind: 'unknown' };

/**
 * One of the two installer names, from the installer directory. Any other name (including
 * anything with a path separator) is 'unknown': the name is matched exactly, never joined blindly.
 */
export async function findInstaller(config: Config, name: string): Promise<InstallerLookup> {
  if (!INSTALLER_NAMES.has(name)) return { kind: 'unknown' };
  const file = path.join(config.clodopInstallerDir, name);
  const st = await stat(file).catch(() => undefined);
  if (!st?.isFile()) return { kind: 'missing', dir: config.clodopInstallerDir };
  return { kind: 'file', name, size: st.size, stream: createReadStream(file) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:640px;margin:40px auto;line-height:1.7">${body}</body></html>`;

/** The 404 page when an installer has not been placed on this server yet. */
export const missingInstallerHtml = (name: string, dir: string) =>
  page(
    '打印控件安装程序未放置',
    `<h1>打印控件安装程序尚未放到本服务器</h1>
<p>本服务器上还没有 <code>${escapeHtml(name)}</code>。C-Lodop 打印控件是第三方商业软件，不随本系统分发。</p>
<p>管理员：请从 C-Lodop 官方网站（<a href="https://www.lodop.net/download.html" rel="noopener">www.lodop.net</a>）下载安装程序，放到服务器目录 <code>${escapeHtml(dir)}</code> 下（文件名保持 <code>${escapeHtml(name)}</code>），无需重启。</p>
<p>使用者：也可以直接从 C-Lodop 官方网站下载安装，安装后刷新页面。</p>`,
  );

export const unknownDownloadHtml = () => page('文件不存在', '<h1>文件不存在</h1><p>请检查下载地址是否正确。</p>');
