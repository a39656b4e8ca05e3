import { describe, expect, it } from 'vitest';
import { brandFromHost } from './brand.js';

describe('brandFromHost', () => {
  it('reads the variant from the first label of the host name', () => {
    expect(brandFromHost('second.daifa.test:8080')).toBe('second');
    expect(brandFromHost('pifa.example.com')).toBe('wholesale');
    expect(brandFromHost('market.example.com')).toBe('market');
    expect(brandFromHost('www.example.com')).toBe('main');
    expect(brandFromHost('127.0.0.1:8080')).toBe('main');
  });
  it('lets configuration map any host', () => {
    expect(brandFromHost('cg.example.com', { 'cg.example.com': 'second' })).toBe('second');
  });
});
