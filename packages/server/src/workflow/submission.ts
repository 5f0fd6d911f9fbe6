import { randomUUID } from 'node:crypto';
import type { BlobReference, Consent, StepSubmission } from '@idlens/sdk/api';
import type { Frame } from '@idlens/sdk';
import sharp from 'sharp';
import { ApiError } from '../errors.ts';
import { checkJsonLimits } from '../http/json-limits.ts';
import { sniffImageFormat } from '../image/decode-image.ts';
import type { DecodedImage, FrameDecoder } from '../image/frame-decoder.ts';
import { decodeBase64Image } from '../image/read-image-source.ts';
import type { DocumentRecognition } from './document-recognition.ts';
import { slotsOf, type ImageSlot, type InteractiveStep } from './image-slots.ts';
import { sanitizeExtraction } from './sanitize-extraction.ts';

export interface SubmissionDeps {
  frames: FrameDecoder;
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
 * JPEG when sent as JPEG), scaled down first when they have more than the step image limit (what
 * recognition needs) — unless the end user did not allow storing, or the step is a card scan that
 * does not opt in: then no image is kept, and for documents the server's recognition runs now, so
 * that a later DocumentVerification still has something to check. Decoded frames' pixels are held
 * in the process's budget while the frames are alive: a document's together while it is recognized
 * now, otherwise one image's at a time.
 */
export async function prepareSubmission(
  step: InteractiveStep,
  submission: StepSubmission,
  consent: Consent,
  deps: SubmissionDeps,
): Promise<PreparedSubmission> {
  const extraction = cleanClientExtraction(submission.extraction);
  const store = consent.isProcessingStoringAllowed && (step.type !== 'ScanCard' || step.settings.storeImages);
  const refs: Record<string, BlobReference | null> = {};
  const present: Array<{ slot: ImageSlot; field: string; bytes: Uint8Array; format: 'jpeg' | 'png' }> = [];
  for (const slot of slotsOf(step)) {
    const field = `images.${slot.image}`;
    const base64 = submission.images[slot.image];
    // In slot order, null until an image is stored for it.
    refs[slot.ref] = null;
    if (!base64) {
      if (slot.required) throw new ApiError('IMAGE_MISSING', `${field}: ${step.name} requires this image`);
      continue;
    }
    const bytes = decodeBase64Image(base64, field, deps.maxImageBytes);
    const format = sniffImageFormat(bytes);
    if (!format) throw new ApiError('IMAGE_FORMAT_UNSUPPORTED', `${field}: only JPEG and PNG images are accepted`);
    present.push({ slot, field, bytes, format });
  }

  // Decoding proves each image whole and within the pixel limit before anything is stored.
  const images = present.map(({ bytes, field }) => ({ bytes, field }));
  const blobs: PreparedBlob[] = [];
  const keep = async ({ slot, bytes, format }: (typeof present)[number], { frame, scaled }: DecodedImage) => {
    if (!store) return;
    // Before recognition, which takes the frames (they are moved to a worker thread).
    const data = scaled ? await encodeFrame(frame, format) : Buffer.from(bytes);
    const blob: PreparedBlob = { id: randomUUID(), contentType: contentTypes[format], size: data.length, data };
    blobs.push(blob);
    refs[slot.ref] = { id: blob.id, contentType: blob.contentType, size: blob.size };
  };
  let internal: Record<string, unknown> | null = null;
  if (!store && step.type === 'ScanDocument') {
    // Recognized now: front and back are needed together.
    internal = await deps.frames.withFrames(images, async (decoded) => {
      const frameOf = (image: 'front' | 'back') => decoded[present.findIndex((p) => p.slot.image === image)]?.frame ?? null;
      const server = await deps.recognition.document(
        { first: frameOf('front')!, second: frameOf('back') },
        { returnFullDocumentImage: false, returnFaceImage: false, returnSignatureImage: false },
      );
      return { serverRecognition: sanitizeExtraction(server as unknown as Record<string, unknown>) };
    });
  } else {
    // Nothing needs two frames at once: one image decoded (and its pixels held) at a time.
    for (const [i, image] of images.entries()) {
      await deps.frames.withFrames([image], ([decoded]) => keep(present[i]!, decoded!), { transferable: false });
    }
  }
  return {
    blobs,
    input: { imagesReceived: present.map((p) => p.slot.image), imagesStored: store },
    extraction: { ...refs, data: extraction },
    internal,
  };
}

/** A scaled-down frame, encoded in the format it was uploaded in (JPEG at quality 90). */
function encodeFrame(frame: Frame, format: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 4 },
  });
  return format === 'png' ? image.png().toBuffer() : image.removeAlpha().jpeg({ quality: 90 }).toBuffer();
}
