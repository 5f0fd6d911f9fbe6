import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret: 32 bytes (256 bits), Base64url — client secrets and ephemeral keys. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * SHA-256 (hex) of a secret. A fast hash is enough: the secrets are 256-bit random values, not
 * passwords, so there is nothing to brute-force; the hash only keeps a database leak from
 * handing out working credentials.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatchesHash(presented: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** A hash nothing matches: compared against when the client is unknown, so both cases take the same time. */
export const unmatchableHash = hashSecret(newSecret());
