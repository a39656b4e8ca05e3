import { CustomGoodsSaveBody, OfflinePickupCreateBody } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  ((rule as { validator: Validator }).validator({}, value) as Promise<void>).then(
    () => null,
    (e: Error) => e.message,
  );

describe('zodRule', () => {
  it('answers with the contract message and marks a required text required', async () => {
    const rule = zodRule(OfflinePickupCreateBody.shape.contactName);
    expect((rule as { required?: boolean }).required).toBe(true);
    expect(await check(rule, undefined)).toBe('请输入提货人');
    expect(await check(rule, '   ')).toBe('请输入提货人');
    expect(await check(rule, '张三')).toBeNull();
    expect(await check(rule, 'x'.repeat(31))).toBe('提货人不能超过30个字符');
  });

  it('checks formats and leaves optional fields optional', async () => {
    expect(await check(zodRule(OfflinePickupCreateBody.shape.contactPhone), '123')).toBe('提货人手机号格式不正确（手机号11位）');
    const pic = zodRule(CustomGoodsSaveBody.shape.picUrl);
    expect((pic as { required?: boolean }).required).toBe(false);
    expect(await check(pic, '')).toBeNull();
    expect(await check(pic, 'ftp://x')).toBe('图片地址须以 http:// 或 https:// 开头');
  });
});
