import { describe, expect, it } from 'vitest';
import { readCookie } from './cookie.js';

describe('readCookie', () => {
  const jar = 'theme=dark; user_hash=abc%3D%3D; user_id=42; broken=%E0%A4%A; user_hash_old=zzz';
  it('finds a cookie by its exact name and decodes it', () => {
    expect(readCookie(jar, 'user_hash')).toBe('abc==');
    expect(readCookie(jar, 'user_id')).toBe('42');
  });
  it('answers null for a missing cookie and keeps a badly encoded value raw', () => {
    expect(readCookie(jar, 'user')).toBeNull();
    expect(readCookie('', 'user_id')).toBeNull();
    expect(readCookie(jar, 'broken')).toBe('%E0%A4%A');
  });
});
