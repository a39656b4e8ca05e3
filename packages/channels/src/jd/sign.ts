/**
 * JD JOS (宙斯) request signing, protocols.md §2: the system params (method, access_token, app_key,
 * timestamp, v and the one business param 360buy_param_json) sorted by key, concatenated
 * key+value, MD5(secret + str + secret), uppercase hex — TOP's md5 rule, so it is reused.
 */
import { timingSafeEqual } from 'node:crypto';
import { topSign, topSignContent } from '../taobao/sign.ts';

export const jdSignContent = topSignContent;

export function jdSign(params: Record<string, string | undefined>, appSecret: string): string {
  return topSign(params, appSecret, 'md5');
}

export function jdVerify(params: Record<string, string | undefined>, appSecret: string): boolean {
  const want = Buffer.from(jdSign(params, appSecret));
  const got = Buffer.from(params.sign ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}
