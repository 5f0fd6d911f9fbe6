import type { BlobReference } from '@idlens/sdk/api';
import { runDocumentChecks } from '../checks/document-checks.ts';
import { successorIds, verificationSource, type StepOf } from '../definition.ts';
import { sanitizeExtraction } from '../sanitize-extraction.ts';
import { latestEntry, StepFailure, type StepContext, type StepExecutor } from './step-context.ts';

const isRef = (v: unknown): v is BlobReference => typeof v === 'object' && v !== null && typeof (v as BlobReference).id === 'string';

/** A stored image's bytes; a missing one ends the workflow (the step cannot run). */
async function readStored(ctx: StepContext, ref: BlobReference, field: string): Promise<{ bytes: Uint8Array; field: string }> {
  const bytes = await ctx.readBlob(ref.id);
  if (!bytes) throw new StepFailure(`${field}: the stored image ${ref.id} is missing`);
  return { bytes, field };
}

/**
 * DocumentVerification: the server's own check of what the browser sent. Recognition runs again
 * on the stored images (or, when storing was not allowed, was run when they were submitted), and
 * the result is checked: recognized at all, MRZ check digits, expiry, age limit, front/back
 * agreement and agreement with the browser's reading.
 */
export const runDocumentVerification: StepExecutor<StepOf<'DocumentVerification'>> = async (step, ctx) => {
  const source = verificationSource(ctx.definition, step);
  const scan = latestEntry(ctx, source.id);
  if (!scan?.output) throw new StepFailure(`${step.name}: ${source.name} was not completed, there is no document to verify`);
  const front = scan.extraction.fullDocumentFrontImage;
  const back = scan.extraction.fullDocumentBackImage;

  let server: Record<string, unknown>;
  if (isRef(front)) {
    const stored = [await readStored(ctx, front, 'imageFront'), ...(isRef(back) ? [await readStored(ctx, back, 'imageBack')] : [])];
    let decoded = false;
    try {
      // The frames' pixels stay reserved until recognition is done with them.
      const data = await ctx.frames.withFrames(stored, async ([first, second]) => {
        decoded = true;
        return ctx.recognition.document(
          { first: first!.frame, second: second?.frame ?? null },
          { ageLimit: step.settings.ageLimit, returnFullDocumentImage: false, returnFaceImage: false, returnSignatureImage: false },
        );
      });
      server = sanitizeExtraction(data as unknown as Record<string, unknown>);
    } catch (error) {
      // An undecodable stored image ends the workflow; a failing recognition is the server's, retried by the next resume.
      if (decoded) throw error;
      throw new StepFailure(`the stored image cannot be decoded (${(error as Error).message})`);
    }
  } else if (scan.internal?.serverRecognition) {
    server = scan.internal.serverRecognition as Record<string, unknown>;
  } else {
    throw new StepFailure(`${step.name}: ${source.name} has no image to verify`);
  }

  const client = (scan.extraction.data as Record<string, unknown> | undefined) ?? null;
  const result = runDocumentChecks(
    { server, client: client && Object.keys(client).length ? client : null, ageLimit: step.settings.ageLimit, today: ctx.today },
    { ...step.settings.checks, ageLimit: step.settings.checks.ageLimit && step.settings.ageLimit !== null },
  );
  const next = successorIds(ctx.definition, step)[0];
  if (next === undefined) throw new StepFailure(`step ${step.id} has no next step`);
  return {
    entry: {
      input: { sourceStepId: source.id, sourceKey: scan.key, imageFront: isRef(front) ? front : null, imageBack: isRef(back) ? back : null },
      extraction: server,
      output: result,
    },
    next,
  };
};
