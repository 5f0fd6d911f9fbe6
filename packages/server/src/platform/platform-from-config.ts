import type { Kysely } from 'kysely';
import { createMemoryBudgets } from '../admission/memory-budgets.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { createAddressPolicy } from '../net/ip-policy.ts';
import type { DocumentRecognition } from '../workflow/document-recognition.ts';
import { createPlatform } from './create-platform.ts';
import type { PlatformContext } from './platform-context.ts';

/** The platform as the configuration describes it (server start-up and tests share this). */
export function platformFromConfig(
  config: Config,
  db: Kysely<Database>,
  recognition: DocumentRecognition,
  logger: Logger,
  now?: () => number,
): PlatformContext {
  return createPlatform({
    db,
    recognition,
    logger,
    now,
    tokenSecret: config.platform.tokenSecret,
    tokenTtlSeconds: config.platform.tokenTtlSeconds,
    rateLimit: config.platform.authRateLimit,
    recordCacheChars: config.platform.recordCacheMiB * 2 ** 20,
    // The process's budgets: createApp takes them from here for the recognition endpoints.
    memory: createMemoryBudgets({ maxBodyBytesInFlight: config.bodies.maxBytesInFlight, maxPixelsInFlight: config.recognition.maxPixelsInFlight }),
    webhooks: {
      policy: createAddressPolicy(config.webhooks.allowList),
      settings: {
        timeoutMs: config.webhooks.timeoutMs,
        retryForMs: config.webhooks.retryForMs,
        backoffBaseMs: config.webhooks.backoffBaseMs,
        backoffMaxMs: config.webhooks.backoffMaxMs,
        pollMs: config.webhooks.pollMs,
        logRetentionMs: config.webhooks.logRetentionMs,
      },
    },
    settings: {
      edgeApiUrl: `${config.publicUrl}/edge`,
      runPageUrl: `${config.publicUrl}/run`,
      ephemeralKeyTtlMs: config.platform.ephemeralKeyTtlSeconds * 1000,
      handoffJoinMs: config.platform.handoffJoinSeconds * 1000,
      leaseMs: config.platform.leaseMs,
      maxImageBytes: config.image.maxBytes,
      maxPixels: config.image.maxPixels,
      stepImageMaxPixels: config.platform.stepImageMaxPixels,
      submissionsPerOrganization: config.platform.submissionsPerOrganization,
    },
  });
}
