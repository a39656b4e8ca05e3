/**
 * Which platform a print data belongs to, read from its template's host: each platform hosts its
 * own templates (cloudprint.cainiao.com, PDD's file host, JD's template-content.jd.com…). A
 * template elsewhere (an emulator's own address) says nothing, and the signature check decides.
 * ⚠ The host lists beyond Cainiao's and JD's template URLs (seen in code) are our guess.
 */
import type { PlatformPrintData, PrintComponentSource } from './types.ts';

const TEMPLATE_HOSTS: [PrintComponentSource, RegExp][] = [
  ['CAINIAO', /(^|\.)(cainiao\.com|taobao\.com|tmall\.com)$/],
  ['PDD', /(^|\.)(pinduoduo\.com|yangkeduo\.com|pddpic\.com)$/],
  ['TIKTOK', /(^|\.)(jinritemai\.com|douyin\.com|pstatp\.com|bytedance\.com)$/],
  ['KUAISHOU', /(^|\.)(kwaixiaodian\.com|kuaishou\.com|kwai\.com)$/],
  ['REDBOOK', /(^|\.)(xiaohongshu\.com|xhscdn\.com)$/],
  ['JD', /(^|\.)(jd\.com|jdl\.com|jdl\.cn|360buyimg\.com)$/],
];

export function platformOfTemplate(pd: Pick<PlatformPrintData, 'templateUrl'>): PrintComponentSource | null {
  let host: string;
  try {
    host = new URL(pd.templateUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return TEMPLATE_HOSTS.find(([, re]) => re.test(host))?.[0] ?? null;
}
