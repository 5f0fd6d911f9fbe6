import { randomUUID } from 'node:crypto';
import type { BlobReference, Consent, StepSubmission } from '@idlens/sdk/api';
import type { Frame } from '@idlens/sdk';
import { ApiError } from '../errors.ts';
import { checkJsonLimits } from '../http/json-limits.ts';
import { sniffImageFormat, type ImageDecoder } from '../image/decode-image.ts';
import { decodeBase64Image } from '../image/read-image-source.ts';
import type { DocumentRecognition } from './document-recognition.ts';
import { slotsOf, type InteractiveStep } from './image-slots.ts';
import { sanitizeExtraction } from './sanitize-extraction.ts';

export interface SubmissionDeps {
  decodeImage: ImageDecoder;
  recognition: DocumentRecognition;
  maxImageBytes: number;
}

export interface PreparedBlob extends BlobReference {
  data: Buffer;
}

/** A validated submission, ready to be written: blobs (none when storing is not allowed) and the state entry. */
export interface PreparedSubmission {
  blobs: PreparedBlob[];
  input: Record<string, unknown>;
  extraction: Record<string, unknown>;
  internal: Record<string, unknown> | null;
}

const contentTypes = { jpeg: 'image/jpeg', png: 'image/png' } as const;

/** Largest client extraction stored, in bytes of JSON, once images are removed. */
export const maxStoredExtractionBytes = 64 * 1024;

/**
 * The browser's extraction as it is stored: depth and size checked (it is free-form JSON from
 * anyone holding the ephemeral key), images dropped, card numbers masked, secrets removed; at most
 * `maxStoredExtractionBytes` after that, or the submission is refused.
 */
function cleanClientExtraction(extraction: Record<string, unknown> | null | undefined): Record<string, unknown> {
  checkJsonLimits(extraction ?? null, 'extraction');
  const cleaned = sanitizeExtraction(extraction);
  const size = Buffer.byteLength(JSON.stringify(cleaned));
  if (size > maxStoredExtractionBytes) {
    throw new ApiError('INVALID_REQUEST', `extraction: ${size} bytes without its images, more than the ${maxStoredExtractionBytes} stored`);
  }
  return cleaned;
}

/**
 * Checks an interactive step's submission (every required image present, each a decodable JPEG or
 * PNG within the limits) and turns it into what is stored. Images are kept as uploaded (PNG, or
 * JPEG when sent as JPEG) — unless the end user did not allow storing, or the step is a card scan
 * that does not opt in: then no image is kept, and for documents the server's recognition runs
 * now, so that a later DocumentVerification still has something to check.
 */
export async function prepareSubmission(
  step: InteractiveStep,
  submission: StepSubmission,
  consent: Consent,
  deps: SubmissionDeps,
): Promise<PreparedSubmission> {
  const extraction = cleanClientExtraction(submission.extraction);
  const store = consent.isProcessingStoringAllowed && (step.type !== 'ScanCard' || step.settings.storeImages);
  const blobs: PreparedBlob[] = [];
  const refs: Record<string, BlobReference | null> = {};
  const frames: Partial<Record<'front' | 'back', Frame>> = {};
  const received: string[] = [];
  for (const slot of slotsOf(step)) {
    const field = `images.${slot.image}`;
    const base64 = submission.images[slot.image];
    if (!base64) {
      if (slot.required) throw new ApiError('IMAGE_MISSING', `${field}: ${step.name} requires this image`);
      refs[slot.ref] = null;
      continue;
    }
    const bytes = decodeBase64Image(base64, field, deps.maxImageBytes);
    const format = sniffImageFormat(bytes);
    if (!format) throw new ApiError('IMAGE_FORMAT_UNSUPPORTED', `${field}: only JPEG and PNG images are accepted`);
    // Decoding proves the image is whole and within the pixel limit before anything is stored.
    const frame = await deps.decodeImage(bytes, field);
    if (slot.image !== 'face') frames[slot.image] = frame;
    received.push(slot.image);
    if (!store) {
      refs[slot.ref] = null;
      continue;
    }
    const blob: PreparedBlob = { id: randomUUID(), contentType: contentTypes[format], size: bytes.length, data: Buffer.from(bytes) };
    blobs.push(blob);
    refs[slot.ref] = { id: blob.id, contentType: blob.contentType, size: blob.size };
  }

  let internal: Record<string, unknown> | null = null;
  if (!store && step.type === 'ScanDocument' && frames.front) {
    const server = await deps.recognition.document(
      { first: frames.front, second: frames.back ?? null },
      { returnFullDocumentImage: false, returnFaceImage: false, returnSignatureImage: false },
    );
    internal = { serverRecognition: sanitizeExtraction(server as unknown as Record<string, unknown>) };
  }
  return {
    blobs,
    input: { imagesReceived: received, imagesStored: store },
    extraction: { ...refs, data: extraction },
    internal,
  };
}
