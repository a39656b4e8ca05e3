/** argon2id password hashing (OWASP's first choice); @node-rs/argon2 defaults to argon2id. */
import { hash, verify } from '@node-rs/argon2';

/**
 * The cost of every password hash, sign-in and pay passwords alike (docs/security.md): OWASP's
 * first argon2id setting, 19 MiB of memory, 2 passes, 1 lane (@node-rs/argon2's defaults, written
 * out so a change of library default cannot change them). A hash carries its parameters, so
 * verifying costs what the hash was made with.
 */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let cost: { memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASH_COST;

/**
 * Test runs only: the cheapest argon2id parameters for every hash this process makes from now on.
 * The server tests' global set-up and setup file call it, so the seeded accounts verify in well
 * under a millisecond instead of about 40 ms a sign-in. Nothing in src calls it.
 */
export function useTestPasswordCost() {
  cost = { memoryCost: 64, timeCost: 1, parallelism: 1 };
}

export const hashPassword = (password: string) => hash(password, cost);

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
