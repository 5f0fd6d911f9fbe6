import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  claimDelivery,
  deferLaterDeliveries,
  findDueDeliveries,
  findDueDeliveriesFairly,
  finishAttempt,
  purgeDeliveriesBefore,
  type DueDelivery,
} from '../db/repositories/webhook-repository.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { AddressPolicy } from '../net/ip-policy.ts';
import { sendWebhook } from './send-webhook.ts';

export interface WebhookDispatchSettings {
  /** How often the outbox is read for due deliveries (ms); a commit in this process wakes it at once. */
  pollMs: number;
  /** One attempt's limit (ms). */
  timeoutMs: number;
  /** How long a delivery is retried after its event (ms); then it is `failed`. */
  retryForMs: number;
  /** The first retry's delay (ms); each further one doubles it, up to `backoffMaxMs`, with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Delivered and failed deliveries are kept this long (ms), then purged. */
  logRetentionMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** …of which at most this many to one endpoint: a slow or hanging receiver cannot hold up the others'. */
  perEndpoint: number;
}

export const defaultWebhookDispatchSettings: WebhookDispatchSettings = {
  pollMs: 1000,
  timeoutMs: 10_000,
  retryForMs: 24 * 3600 * 1000,
  backoffBaseMs: 5000,
  backoffMaxMs: 3600 * 1000,
  logRetentionMs: 30 * 24 * 3600 * 1000,
  concurrency: 16,
  perEndpoint: 4,
};

export interface WebhookDispatcher {
  readonly settings: WebhookDispatchSettings;
  /** Where webhooks may go (endpoint URLs are checked against it when registered and on every attempt). */
  readonly policy: AddressPolicy;
  /** Starts sending (server start-up); until then nothing is sent and `wake` does nothing. */
  start(): void;
  /** Reads the outbox now instead of at the next poll: called after a commit that wrote deliveries. */
  wake(): void;
  /** Stops reading the outbox and waits for the attempts in flight (each ends by its timeout). */
  stop(): Promise<void>;
}

export interface DispatcherDeps {
  db: Kysely<Database>;
  policy: AddressPolicy;
  logger: Logger;
  settings: WebhookDispatchSettings;
  userAgent: string;
  now?: () => number;
  random?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const purgeEveryMs = 3600 * 1000;

/** The delay before retry `attempts` (1 = after the first failure): exponential, capped, with jitter in [½, 1] of it. */
function retryDelayMs(settings: Pick<WebhookDispatchSettings, 'backoffBaseMs' | 'backoffMaxMs'>, attempts: number, random: () => number): number {
  const ceiling = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * Sends the outbox's deliveries, in every replica at once without sending one twice at the same
 * time: an attempt first takes the delivery's lease (a conditional UPDATE), and writes its outcome
 * only while it still holds it. A process killed mid-attempt leaves the lease to expire — twice
 * the attempt timeout and then some — and another replica (or this one, restarted) sends again:
 * at least once, never lost. A transaction's events reach an endpoint in order: a delivery waits
 * while an earlier one of the same transaction to the same endpoint is pending. At most
 * `perEndpoint` attempts go to one endpoint at a time, so a receiver that hangs holds that many
 * slots, not all of them.
 */
export function createWebhookDispatcher({ db, policy, logger, settings, userAgent, now = Date.now, random = Math.random }: DispatcherDeps): WebhookDispatcher {
  // An attempt, name resolution included, ends by its timeout: the lease outlasts it twice over.
  const leaseMs = 2 * settings.timeoutMs + 5000;
  const inFlight = new Set<Promise<void>>();
  const inFlightTo = new Map<string, number>();
  const inFlightIds = new Set<number>();
  let reading: Promise<void> | null = null;
  let wakeScheduled = false;
  let fairReadAt = 0;
  let started = false;
  let stopped = false;
  let readAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let purgedAt = 0;

  async function attempt(id: number): Promise<void> {
    const owner = randomUUID();
    const claimedAt = now();
    const delivery = await claimDelivery(db, id, owner, iso(claimedAt), iso(claimedAt + leaseMs));
    if (!delivery) return;
    const result = await sendWebhook(
      delivery,
      { id: delivery.eventId, payload: delivery.payload },
      {
        policy,
        timeoutMs: settings.timeoutMs,
        nowSeconds: Math.floor(now() / 1000),
        userAgent,
      },
    );
    const at = now();
    const attempts = delivery.attempts + 1;
    const logged = { lastAttemptOn: iso(at), lastStatusCode: result.statusCode, lastLatencyMs: result.latencyMs, lastError: result.error, attempts };
    if (result.delivered) {
      await finishAttempt(db, id, owner, { ...logged, status: 'delivered', deliveredOn: iso(at) });
      return;
    }
    const giveUpAt = Date.parse(delivery.giveUpOn);
    // The last attempt falls on the give-up time itself, so retrying lasts the whole window.
    const failed = at >= giveUpAt;
    const nextAt = Math.min(at + retryDelayMs(settings, attempts, random), giveUpAt);
    const recorded = await finishAttempt(db, id, owner, { ...logged, status: failed ? 'failed' : 'pending', nextAttemptOn: iso(nextAt) });
    if (recorded && !failed) await deferLaterDeliveries(db, delivery, iso(nextAt));
    // The endpoint id, never its URL (it may carry a token) nor the payload.
    logger.warn(failed ? 'webhook delivery failed for good' : 'webhook attempt failed', {
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      attempts,
      reason: result.error,
    });
  }

  /** Starts an attempt unless the delivery is already under way here or its endpoint has its share; answers whether it started. */
  function track({ id, endpointId }: DueDelivery): boolean {
    if (stopped || inFlightIds.has(id) || (inFlightTo.get(endpointId) ?? 0) >= settings.perEndpoint) return false;
    inFlightIds.add(id);
    inFlightTo.set(endpointId, (inFlightTo.get(endpointId) ?? 0) + 1);
    const running: Promise<void> = attempt(id)
      .catch((error: Error) => logger.error('webhook attempt could not be recorded', { error: error.message }))
      .finally(() => {
        inFlight.delete(running);
        inFlightIds.delete(id);
        const left = (inFlightTo.get(endpointId) ?? 1) - 1;
        if (left > 0) inFlightTo.set(endpointId, left);
        else inFlightTo.delete(endpointId);
        wake();
      });
    inFlight.add(running);
    return true;
  }

  /** Fills the free attempt slots with due deliveries, each endpoint's within its share; reads again when woken meanwhile. */
  async function readDue(): Promise<void> {
    try {
      do {
        readAgain = false;
        const free = settings.concurrency - inFlight.size;
        if (free <= 0 || stopped) break;
        const at = now();
        // The longest-due rows first (cheap); when endpoints that have their share hold those, the
        // fair read finds the others' — at most once per poll interval, as it reads the whole backlog.
        let started = 0;
        for (const due of await findDueDeliveries(db, iso(at), free * settings.perEndpoint)) if (started < free && track(due)) started++;
        if (started < free && at - fairReadAt >= settings.pollMs) {
          fairReadAt = at;
          for (const due of await findDueDeliveriesFairly(db, iso(at), free, settings.perEndpoint)) if (started < free && track(due)) started++;
        }
        if (at - purgedAt >= purgeEveryMs) {
          purgedAt = at;
          await purgeDeliveriesBefore(db, iso(at - settings.logRetentionMs));
        }
      } while (readAgain);
    } catch (error) {
      logger.error('webhook outbox could not be read', { error: (error as Error).message });
    }
  }

  function read(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = readDue().finally(() => {
      reading = null;
    });
    return reading;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void read().finally(schedule);
    }, settings.pollMs);
    timer.unref();
  }

  /** Reads soon: the commits and attempts of one turn of the event loop share a read. */
  function wake(): void {
    if (!started || stopped || wakeScheduled) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      void read();
    });
  }

  return {
    settings,
    policy,
    start() {
      if (started) return;
      started = true;
      wake();
      schedule();
    },
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A read under way may still start attempts (it checks `stopped` before each): wait for it first.
      await reading;
      await Promise.allSettled([...inFlight]);
    },
  };
}
