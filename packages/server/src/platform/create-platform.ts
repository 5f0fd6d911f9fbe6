import type { Kysely } from 'kysely';
import { createTransactionalWrites } from '../db/group-commit.ts';
import type { Database } from '../db/schema.ts';
import { createMemoryBudgets, type MemoryBudgets } from '../admission/memory-budgets.ts';
import { createFrameDecoder } from '../image/frame-decoder.ts';
import type { Logger } from '../logger.ts';
import { createAddressPolicy, type AddressPolicy } from '../net/ip-policy.ts';
import { createWebhookDispatcher, defaultWebhookDispatchSettings, type WebhookDispatchSettings } from '../webhooks/webhook-dispatcher.ts';
import type { DocumentRecognition } from '../workflow/document-recognition.ts';
import { createAccessTokenSigner } from './auth/access-token.ts';
import { createFailureLimiter, databaseFailureStore, memoryFailureStore, type FailureLimitSettings } from './auth/failure-limiter.ts';
import { newSecret } from './auth/secrets.ts';
import { defaultPlatformSettings, type PlatformContext, type PlatformSettings } from './platform-context.ts';
import { createRecordCache } from './transactions/record-cache.ts';
import { createWorkflowCache } from './workflow-versions/workflow-cache.ts';

export interface PlatformOptions {
  db: Kysely<Database>;
  recognition: DocumentRecognition;
  logger: Logger;
  settings: Partial<PlatformSettings> & Pick<PlatformSettings, 'edgeApiUrl'>;
  /** HMAC secret of agent access tokens; null = a random one for this process (tokens die with it). */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
  /** Failed-authentication limits and where their counters live (default: memory, 60 s, 20 per id and address, 100 per address, 1000 per id). */
  rateLimit?: Partial<FailureLimitSettings> & { store?: 'memory' | 'database' };
  /** The process's body and pixel budgets (default: bodies of three images, pixels of two, from the settings). */
  memory?: MemoryBudgets;
  /** Size of the record cache in characters (default 8 Mi); 0 = no cache. */
  recordCacheChars?: number;
  /** Webhook delivery: where webhooks may go (default: global unicast addresses only) and how they are retried. */
  webhooks?: { policy?: AddressPolicy; settings?: Partial<WebhookDispatchSettings> };
  now?: () => number;
}

export const defaultFailureLimits: FailureLimitSettings = { windowMs: 60_000, maxPerIdAndAddress: 20, maxPerAddress: 100, maxPerId: 1000 };

/**
 * The transaction platform's shared context: database, recognition, image decoder, settings,
 * token signer, failed-authentication limiter, workflow and record caches, webhook dispatcher
 * (created stopped: the server starts it).
 */
export function createPlatform({
  db,
  recognition,
  logger,
  settings,
  tokenSecret,
  tokenTtlSeconds,
  rateLimit = {},
  memory,
  recordCacheChars,
  webhooks = {},
  now = Date.now,
}: PlatformOptions): PlatformContext {
  if (!tokenSecret) {
    logger.warn('AGENT_TOKEN_SECRET is not set: access tokens are signed with a per-process key and stop working on restart or at other replicas');
  }
  // Links point at the run page beside the edge API unless told otherwise (tests build settings with edgeApiUrl only).
  const resolved: PlatformSettings = { ...defaultPlatformSettings, runPageUrl: settings.edgeApiUrl.replace(/\/edge$/, '/run'), ...settings };
  const budgets =
    memory ??
    createMemoryBudgets({ maxBodyBytesInFlight: Math.ceil((resolved.maxImageBytes * 3 * 4) / 3) + 256 * 1024, maxPixelsInFlight: 2 * resolved.maxPixels });
  return {
    db,
    writes: createTransactionalWrites(db),
    recognition,
    frames: createFrameDecoder({ maxPixels: resolved.maxPixels, maxFramePixels: resolved.stepImageMaxPixels, pixels: budgets.pixels }),
    memory: budgets,
    logger,
    settings: resolved,
    tokens: createAccessTokenSigner({ secret: tokenSecret ?? newSecret(), ttlSeconds: tokenTtlSeconds }),
    authFailures: createFailureLimiter(
      { ...defaultFailureLimits, ...rateLimit },
      rateLimit.store === 'database' ? databaseFailureStore(db) : memoryFailureStore(),
      now,
    ),
    workflows: createWorkflowCache(),
    records: createRecordCache(recordCacheChars),
    webhooks: createWebhookDispatcher({
      db,
      policy: webhooks.policy ?? createAddressPolicy([]),
      logger,
      settings: { ...defaultWebhookDispatchSettings, ...webhooks.settings },
      userAgent: 'idlens-webhooks',
      now,
    }),
    now,
  };
}
