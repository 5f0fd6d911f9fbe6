import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Recognizer } from '../recognition/recognizer.ts';
import { createAccessTokenSigner } from './access-token.ts';
import { defaultPlatformSettings, type PlatformContext, type PlatformSettings } from './platform-context.ts';
import { newSecret } from './secrets.ts';
import { createWorkflowCache } from './workflow-cache.ts';

export interface PlatformOptions {
  db: Kysely<Database>;
  recognizer: Pick<Recognizer, 'document'>;
  logger: Logger;
  settings: Partial<PlatformSettings> & Pick<PlatformSettings, 'edgeApiUrl'>;
  /** HMAC secret of agent access tokens; null = a random one for this process (tokens die with it). */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
  now?: () => number;
}

/** The transaction platform's shared context: database, recognizer, settings, token signer, workflow cache. */
export function createPlatform({ db, recognizer, logger, settings, tokenSecret, tokenTtlSeconds, now = Date.now }: PlatformOptions): PlatformContext {
  if (!tokenSecret) {
    logger.warn('AGENT_TOKEN_SECRET is not set: access tokens are signed with a per-process key and stop working on restart or at other replicas');
  }
  return {
    db,
    recognizer,
    logger,
    settings: { ...defaultPlatformSettings, ...settings },
    tokens: createAccessTokenSigner({ secret: tokenSecret ?? newSecret(), ttlSeconds: tokenTtlSeconds }),
    workflows: createWorkflowCache(),
    now,
  };
}
