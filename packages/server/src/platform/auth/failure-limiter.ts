import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/**
 * One authentication attempt: the remote address it came from and the id whose secret it
 * presented (a client id or a transaction id; null when none, e.g. the operator token).
 */
export interface AuthAttempt {
  id: string | null;
  address: string;
}

export interface FailureLimitSettings {
  windowMs: number;
  /** Failures per (id, address) pair per window; 0 = not limited. */
  maxPerIdAndAddress: number;
  /** Failures per remote address per window, whatever the ids; 0 = not limited. */
  maxPerAddress: number;
  /**
   * The per-id ceiling: failures per id per window from all addresses together, past which an
   * address that already failed for the id is refused (one that did not still gets its try); 0 = none.
   */
  maxPerId: number;
}

/**
 * Rate limiting of failed authentication: counts only failures, in fixed windows, per address,
 * per (id, address) pair and per id. A limited attempt — right or wrong — is 429 RATE_LIMITED with
 * Retry-After until the window ends. Nobody can lock a client out from elsewhere: the limits that
 * refuse outright are the caller's own address and its own (id, address) pair. The per-id ceiling
 * only makes guessing from many addresses cost one address per guess once the id has been
 * guessed at `maxPerId` times: an address that never failed for the id (the owner's) is answered.
 */
export interface FailureLimiter {
  /** Throws RATE_LIMITED when the attempt is over a limit. */
  check(attempt: AuthAttempt): Promise<void>;
  /** Counts one failure of the attempt's address, pair and id. */
  fail(attempt: AuthAttempt): Promise<void>;
}

interface Store {
  /** False when no failure is counted at all (then nothing is read: the common case of a check). */
  holdsAny(): boolean;
  /** Failures of each key in the window starting at `windowStart` (0 when none). */
  read(keys: string[], windowStart: number): Promise<Map<string, number>>;
  increment(keys: string[], windowStart: number): Promise<void>;
}

/** Keys written to the database are hashed: they hold client ids, transaction ids and addresses, not worth keeping in clear. */
const hashedKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** A long value (a made-up client id can be kilobytes) is hashed so memory stays bounded per key. */
const bounded = (value: string) => (value.length <= 64 ? value : hashedKey(value));

/** The counter keys of an attempt, those of limits that are on (an in-process request has no address). */
function keysOf(attempt: AuthAttempt, settings: FailureLimitSettings) {
  const address = attempt.address && settings.maxPerAddress > 0 ? `address:${bounded(attempt.address)}` : null;
  const id = attempt.id && settings.maxPerId > 0 ? `id:${bounded(attempt.id)}` : null;
  const pair = attempt.id && settings.maxPerIdAndAddress > 0 ? `pair:${bounded(attempt.id)}@${bounded(attempt.address)}` : null;
  return { address, id, pair, all: [address, id, pair].filter((k): k is string => k !== null) };
}

export function createFailureLimiter(settings: FailureLimitSettings, store: Store, now: () => number): FailureLimiter {
  const windowStart = () => Math.floor(now() / settings.windowMs) * settings.windowMs;
  return {
    async check(attempt) {
      if (!store.holdsAny()) return;
      const keys = keysOf(attempt, settings);
      if (keys.all.length === 0) return;
      const start = windowStart();
      const counts = await store.read(keys.all, start);
      const count = (key: string | null) => (key ? (counts.get(key) ?? 0) : 0);
      const limited =
        (keys.address !== null && count(keys.address) >= settings.maxPerAddress) ||
        (keys.pair !== null && count(keys.pair) >= settings.maxPerIdAndAddress) ||
        // Past the ceiling, only addresses that already failed for this id are refused.
        (keys.id !== null && count(keys.id) >= settings.maxPerId && (keys.pair === null || count(keys.pair) > 0));
      if (limited) {
        const retryAfter = Math.max(1, Math.ceil((start + settings.windowMs - now()) / 1000));
        throw new ApiError('RATE_LIMITED', `too many failed authentication attempts; retry in ${retryAfter} s`, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    },
    async fail(attempt) {
      const keys = keysOf(attempt, settings);
      if (keys.all.length > 0) await store.increment(keys.all, windowStart());
    },
  };
}

/** The counters in this process's memory (the default: one process, or one per sticky client). */
export function memoryFailureStore(maxKeys = 100_000): Store {
  const counters = new Map<string, { windowStart: number; failures: number }>();
  return {
    holdsAny: () => counters.size > 0,
    async read(keys, windowStart) {
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
    // Another process may have counted some: always read.
    holdsAny: () => true,
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
