import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** One kind of key and how many failures it may have per window. */
export type LimitedKey = { kind: 'id' | 'address'; value: string };

export interface FailureLimitSettings {
  windowMs: number;
  /** Failures per client id or transaction id per window; 0 = not limited. */
  maxPerId: number;
  /** Failures per remote address per window; 0 = not limited. */
  maxPerAddress: number;
}

/**
 * Rate limiting of failed authentication: counts only failures, per key, in fixed windows. Once a
 * key reached its limit, every attempt with it — right or wrong — is 429 RATE_LIMITED with
 * Retry-After until the window ends, so guessing secrets costs a window per batch of guesses.
 */
export interface FailureLimiter {
  /** Throws RATE_LIMITED when any of the keys is over its limit. */
  check(keys: LimitedKey[]): Promise<void>;
  /** Counts one failure for each key. */
  fail(keys: LimitedKey[]): Promise<void>;
}

interface Store {
  /** Failures of each key (`kind:value`) in the window starting at `windowStart` (0 when none). */
  read(keys: string[], windowStart: number): Promise<Map<string, number>>;
  increment(keys: string[], windowStart: number): Promise<void>;
}

/** Keys written to the database are hashed: they hold client ids, transaction ids and addresses, not worth keeping in clear. */
const hashedKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** `kind:value`; a long value (a made-up client id can be kilobytes) is hashed so memory stays bounded per key. */
const storeKey = (key: LimitedKey) => `${key.kind}:${key.value.length <= 64 ? key.value : hashedKey(key.value)}`;

export function createFailureLimiter(settings: FailureLimitSettings, store: Store, now: () => number): FailureLimiter {
  const limitOf = (key: LimitedKey) => (key.kind === 'id' ? settings.maxPerId : settings.maxPerAddress);
  const limited = (keys: LimitedKey[]) => keys.filter((k) => limitOf(k) > 0 && k.value !== '');
  const windowStart = () => Math.floor(now() / settings.windowMs) * settings.windowMs;
  return {
    async check(keys) {
      const active = limited(keys);
      if (active.length === 0) return;
      const start = windowStart();
      const names = active.map(storeKey);
      const counts = await store.read(names, start);
      if (active.some((k, i) => (counts.get(names[i]!) ?? 0) >= limitOf(k))) {
        const retryAfter = Math.max(1, Math.ceil((start + settings.windowMs - now()) / 1000));
        throw new ApiError('RATE_LIMITED', `too many failed authentication attempts; retry in ${retryAfter} s`, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    },
    async fail(keys) {
      const active = limited(keys);
      if (active.length > 0) await store.increment(active.map(storeKey), windowStart());
    },
  };
}

/** The counters in this process's memory (the default: one process, or one per sticky client). */
export function memoryFailureStore(maxKeys = 100_000): Store {
  const counters = new Map<string, { windowStart: number; failures: number }>();
  return {
    async read(keys, windowStart) {
      if (counters.size === 0) return new Map();
      return new Map(
        keys.map((k) => {
          const c = counters.get(k);
          return [k, c && c.windowStart === windowStart ? c.failures : 0];
        }),
      );
    },
    async increment(keys, windowStart) {
      for (const k of keys) {
        const c = counters.get(k);
        if (c && c.windowStart === windowStart) c.failures++;
        else {
          counters.delete(k);
          // Bounded: past the cap, the oldest keys (insertion order ≈ age) are forgotten.
          for (const old of counters.keys()) {
            if (counters.size < maxKeys) break;
            counters.delete(old);
          }
          counters.set(k, { windowStart, failures: 1 });
        }
      }
    },
  };
}

/** The counters in the database, shared by every process using it (`AUTH_RATE_LIMIT_STORE=database`). */
export function databaseFailureStore(db: Db): Store {
  let lastSweep = 0;
  return {
    async read(keys, windowStart) {
      const hashed = keys.map(hashedKey);
      const rows = await db.selectFrom('authFailures').select(['key', 'failures']).where('key', 'in', hashed).where('windowStart', '=', windowStart).execute();
      const counts = new Map(rows.map((r) => [r.key, Number(r.failures)]));
      return new Map(keys.map((k, i) => [k, counts.get(hashed[i]!) ?? 0]));
    },
    async increment(keys, windowStart) {
      for (const key of keys.map(hashedKey)) {
        await db
          .insertInto('authFailures')
          .values({ key, windowStart, failures: 1 })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              failures: sql`case when auth_failures.window_start = ${windowStart} then auth_failures.failures + 1 else 1 end`,
              windowStart,
            }),
          )
          .execute();
      }
      // Old windows are deleted now and then, by whichever process fails next.
      if (windowStart !== lastSweep) {
        lastSweep = windowStart;
        await db.deleteFrom('authFailures').where('windowStart', '<', windowStart).execute();
      }
    },
  };
}
