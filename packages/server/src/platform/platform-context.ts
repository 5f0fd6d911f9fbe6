import type { Kysely } from 'kysely';
import type { TransactionalWrites } from '../db/group-commit.ts';
import type { Database } from '../db/schema.ts';
import type { MemoryBudgets } from '../admission/memory-budgets.ts';
import type { FrameDecoder } from '../image/frame-decoder.ts';
import type { Logger } from '../logger.ts';
import type { DocumentRecognition } from '../workflow/document-recognition.ts';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.ts';
import type { AccessTokenSigner } from './auth/access-token.ts';
import type { FailureLimiter } from './auth/failure-limiter.ts';
import type { RecordCache } from './transactions/record-cache.ts';
import type { WorkflowCache } from './workflow-versions/workflow-cache.ts';

/** Tunables of the transaction platform (from Config; tests shorten them). */
export interface PlatformSettings {
  /** `publicUrl + '/edge'`: returned as edgeApiUrl. */
  edgeApiUrl: string;
  /** `publicUrl + '/run'`: where verification links point (a link's URL is this + `/` + its token). */
  runPageUrl: string;
  /** How long a hand-off's join URL works (ms; never past the transaction's key). */
  handoffJoinMs: number;
  /** How long an ephemeral key works (ms). */
  ephemeralKeyTtlMs: number;
  /**
   * How long a resume's claim on a transaction lasts before another may take over (ms): renewed
   * every third of it while the resume runs, so it bounds how long a dead process holds a transaction.
   */
  leaseMs: number;
  /** How long a resume waits for another one on the same transaction to finish (ms). */
  resumeWaitMs: number;
  /** A resume running more steps than this ends the transaction in Error (a loop without interactive step). */
  maxStepsPerResume: number;
  /** How long an Idempotency-Key is remembered (ms). */
  idempotencyTtlMs: number;
  maxImageBytes: number;
  maxPixels: number;
  /** Step images larger than this (pixels) are scaled down before they are stored or recognized. */
  stepImageMaxPixels: number;
  /** Step submissions one organization may have in flight in this process (429 beyond). */
  submissionsPerOrganization: number;
}

export const defaultPlatformSettings: Omit<PlatformSettings, 'edgeApiUrl' | 'runPageUrl'> = {
  ephemeralKeyTtlMs: 24 * 3600 * 1000,
  handoffJoinMs: 10 * 60 * 1000,
  leaseMs: 30_000,
  resumeWaitMs: 10_000,
  maxStepsPerResume: 100,
  idempotencyTtlMs: 24 * 3600 * 1000,
  maxImageBytes: 15 * 2 ** 20,
  maxPixels: 40_000_000,
  stepImageMaxPixels: 8_000_000,
  submissionsPerOrganization: 4,
};

/** Everything the platform's operations share. */
export interface PlatformContext {
  db: Kysely<Database>;
  /** Writes in a database transaction of their own: grouped into one commit on SQLite (group-commit.ts). */
  writes: TransactionalWrites;
  /** Server-side document recognition (the recognition backend's worker pool in production). */
  recognition: DocumentRecognition;
  /** Decodes submitted and stored images within the pixel budget, scaled to `settings.stepImageMaxPixels`. */
  frames: FrameDecoder;
  /** The process's body and pixel budgets, shared with the recognition endpoints. */
  memory: MemoryBudgets;
  settings: PlatformSettings;
  logger: Logger;
  tokens: AccessTokenSigner;
  /** Rate limiting of failed agent and edge authentication. */
  authFailures: FailureLimiter;
  workflows: WorkflowCache;
  /** Transaction records serialized at a row_version, answered again while the version holds. */
  records: RecordCache;
  /** Sends the webhook outbox; its settings say how long events are retried. */
  webhooks: WebhookDispatcher;
  /** Milliseconds since the epoch (injected so tests can move time). */
  now(): number;
}

export const isoAt = (ms: number) => new Date(ms).toISOString();
