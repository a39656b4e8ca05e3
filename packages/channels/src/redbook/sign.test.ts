import { describe, expect, it } from 'vitest';
import { redBookSign, redBookSignContent } from './sign.ts';

// Expected value computed independently: printf '%s' '<content><secret>' | openssl dgst -md5
const P = { method: 'order.getOrderList', appId: '4b6f2e9a1c7d0e35', timestamp: '1767200400', version: '2.0' };
const SECRET = 'b1e7c3a9d2f04e6a8c5b7d9e1f3a2c4d';

describe('Xiaohongshu Ark signing (fixed vector)', () => {
  it('builds method?appId=…&timestamp=…&version=…', () => {
    expect(redBookSignContent(P)).toBe('order.getOrderList?appId=4b6f2e9a1c7d0e35&timestamp=1767200400&version=2.0');
  });

  it('MD5 lower hex of content + appSecret', () => {
    expect(redBookSign(P, SECRET)).toBe('6ede4f3d8c80111b4b7f7b9cd25dcc81');
    expect(redBookSign({ ...P, method: 'order.getOrderDetail' }, SECRET)).not.toBe('6ede4f3d8c80111b4b7f7b9cd25dcc81');
  });
});
