/** argon2id password hashing (OWASP's first choice); @node-rs/argon2 defaults to argon2id. */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hash(`dummy-${Math.random()}`);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
