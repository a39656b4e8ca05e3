/** The receiver vault alone: seal/open, refusals, rotation, the key file, the production rule. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { maskAddress } from '@dropship/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { assertReceiverKeys, createReceiverVault, KEY_FILE, keyFileRing, parseReceiverKeys, ReceiverVaultError } from '../src/lib/receiver-vault/index.js';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const r = { name: '欧阳娜娜', phone: '13912345678', address: '文三路 90 号 3 幢' };
const area = { province: '浙江省', city: '杭州市', district: '西湖区' };

describe('receiver vault', () => {
  const k1 = keyText('k1');
  const vault = createReceiverVault(parseReceiverKeys(k1));

  it('seals under the first key id and opens to the same receiver; no plain text in the sealed string', () => {
    const sealed = vault.seal(r);
    expect(sealed).toMatch(/^k1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('13912345678');
    expect(vault.open(sealed)).toEqual(r);
    // A fresh nonce every time: equal receivers do not give equal sealed strings.
    expect(vault.seal(r)).not.toBe(sealed);
  });

  it('refuses a wrong key, a tampered tag or body, and a value moved to another key id', () => {
    const sealed = vault.seal(r);
    const other = createReceiverVault(parseReceiverKeys(`k1:${randomBytes(32).toString('base64')}`));
    expect(() => other.open(sealed)).toThrow(ReceiverVaultError);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [13, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[at] = (bad[at] ?? 0) ^ 1;
      expect(() => vault.open(`k1.${bad.toString('base64url')}`)).toThrow(ReceiverVaultError);
    }
    // The key id is bound into the tag: relabelled under another listed key it is refused, not misread.
    const two = createReceiverVault(parseReceiverKeys(`${k1},${k1.replace('k1:', 'k0:')}`));
    expect(() => two.open(`k0.${sealed.slice(3)}`)).toThrow(ReceiverVaultError);
    expect(() => vault.open('k9.AAAA')).toThrow(/k9/);
    expect(() => vault.open('garbage')).toThrow(ReceiverVaultError);
  });

  it('rotation: the first key seals, every listed key opens; an unlisted old key no longer opens', () => {
    const old = vault.seal(r);
    const rotated = createReceiverVault(parseReceiverKeys(`${keyText('k2')},${k1}`));
    expect(rotated.rotating).toBe(true);
    expect(rotated.open(old)).toEqual(r);
    expect(rotated.isStale(old)).toBe(true);
    const moved = rotated.seal(rotated.open(old));
    expect(moved.startsWith('k2.')).toBe(true);
    expect(rotated.isStale(moved)).toBe(false);
    expect(() => vault.open(moved)).toThrow(/k2/);
  });

  it('the receiver key is equal for equal receivers (trimmed), different otherwise, and holds no plain text', () => {
    const a = vault.receiverKey({ ...r, ...area });
    expect(vault.receiverKey({ ...r, name: ` ${r.name} `, ...area })).toBe(a);
    expect(vault.receiverKey({ ...r, phone: '13912345679', ...area })).not.toBe(a);
    expect(a).not.toContain('5678');
  });

  it('refuses malformed RECEIVER_KEYS in Chinese', () => {
    expect(() => parseReceiverKeys('k1:short')).toThrow(/RECEIVER_KEYS/);
    expect(() => parseReceiverKeys(`${k1},${k1}`)).toThrow(/重复/);
    expect(() => parseReceiverKeys(' , ')).toThrow(/RECEIVER_KEYS/);
  });

  it('masks the street address without its length or house number, and keeps a masked one', () => {
    expect(maskAddress('望京街道阜通东大街6号')).toBe('望京街****');
    expect(maskAddress('望京街****')).toBe('望京街****');
    expect(maskAddress('')).toBe('');
  });
});

describe('keys without RECEIVER_KEYS', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daifa-receiver-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates one key into the data directory (mode 0600) and reads the same one again', () => {
    const a = keyFileRing(dir);
    const b = keyFileRing(dir);
    expect(a.currentId).toBe('k1');
    expect(b.keys.get('k1')?.equals(a.keys.get('k1') as Buffer)).toBe(true);
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, KEY_FILE), 'utf8')).toMatch(/^k1:/);
  });

  it('production refuses to start without RECEIVER_KEYS, naming the variable in Chinese', () => {
    expect(() => assertReceiverKeys(loadConfig({ NODE_ENV: 'production' }))).toThrow(/生产环境.*RECEIVER_KEYS/);
    expect(() => assertReceiverKeys(loadConfig({ NODE_ENV: 'production', RECEIVER_KEYS: keyText('k1') }))).not.toThrow();
    expect(() => loadConfig({ RECEIVER_RETAIN_DAYS: '-1' })).toThrow(/RECEIVER_RETAIN_DAYS/);
    expect(loadConfig({}).receiverRetainDays).toBe(30);
  });
});
