/**
 * Xiaohongshu Ark signing (protocols.md §6, official "签名算法" doc 39): only the system params
 * take part — MD5(method + "?appId=" + appId + "&timestamp=" + timestamp + "&version=" + version
 * + appSecret), lower hex. accessToken and business fields are not signed.
 */
import { createHash } from 'node:crypto';

export interface RedBookSignParams {
  method: string;
  appId: string;
  timestamp: string;
  version: string;
}

export function redBookSignContent(p: RedBookSignParams): string {
  return `${p.method}?appId=${p.appId}&timestamp=${p.timestamp}&version=${p.version}`;
}

export function redBookSign(p: RedBookSignParams, appSecret: string): string {
  return createHash('md5')
    .update(redBookSignContent(p) + appSecret, 'utf8')
    .digest('hex');
}
