import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a presented secret with the expected ones in constant time. Both sides are hashed
 * first so that neither the comparison nor the length check leaks where or how they differ.
 */
export function matchesAnySecret(presented: string | undefined | null, expected: readonly string[]): boolean {
  if (!presented) return false;
  const digest = sha256(presented);
  let match = false;
  for (const secret of expected) match = timingSafeEqual(digest, sha256(secret)) || match;
  return match;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
