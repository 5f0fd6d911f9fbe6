import type { Consent, VerificationStatus } from '@idlens/sdk/api';
import type { StoredStateEntry } from '../../db/repositories/state-entry-repository.ts';
import type { FrameDecoder } from '../../image/frame-decoder.ts';
import type { StepDefinition, WorkflowDefinition } from '../definition.ts';
import type { DocumentRecognition } from '../document-recognition.ts';
import type { Progress } from '../progress.ts';

/** What a step executor may look at and use. */
export interface StepContext {
  definition: WorkflowDefinition;
  transactionId: string;
  consent: Consent;
  formValues: Record<string, unknown>;
  progress: Progress;
  /** The transaction's state entries so far, by key. */
  entries: ReadonlyMap<string, StoredStateEntry>;
  /** The entry of the current execution of the current step (interactive steps: the submission). */
  currentEntry: StoredStateEntry | undefined;
  verificationStatus: VerificationStatus | null;
  readBlob(id: string): Promise<Buffer | undefined>;
  /** Decodes stored images within the pixel budget (held while the frames are used). */
  frames: FrameDecoder;
  recognition: DocumentRecognition;
  /** `YYYY-MM-DD`, UTC. */
  today: string;
}

/** What one step execution produced. */
export interface StepOutcome {
  /** Merged into the execution's state entry (interactive steps already have input/extraction). */
  entry: { input?: Record<string, unknown>; extraction?: Record<string, unknown>; output: Record<string, unknown>; internal?: Record<string, unknown> | null };
  /** The step to run next; null = the workflow is finished (End). */
  next: number | null;
  /** A Decision's verification status. */
  decision?: VerificationStatus;
}

/**
 * The workflow cannot go on (missing scan, unreadable stored image…): the transaction ends in
 * Error with the message in its status log. Anything else thrown is an infrastructure failure
 * that leaves the transaction as it was.
 */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
}

export type StepExecutor<S extends StepDefinition = StepDefinition> = (step: S, ctx: StepContext) => Promise<StepOutcome>;

/** The latest state entry of the step named `name`, if it ran (or was submitted). */
export function latestEntry(ctx: Pick<StepContext, 'entries'>, stepId: number): StoredStateEntry | undefined {
  let latest: StoredStateEntry | undefined;
  for (const entry of ctx.entries.values()) if (entry.stepId === stepId && (!latest || entry.seq > latest.seq)) latest = entry;
  return latest;
}
