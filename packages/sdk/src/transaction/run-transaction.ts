import { allSymbologies } from '../api/barcode.ts';
import type { RecognitionMethods } from '../api/recognition-methods.ts';
import type {
  Consent,
  CreateTransactionResponse,
  CurrentStepView,
  EdgeTransactionView,
  ProcessingStatus,
  ResumeResponse,
  StepImages,
  VerificationStatus,
} from '../api/transaction.ts';
import { base64ToBytes, bytesToBase64 } from '../core/base64.ts';
import { encodeImage } from '../core/encode-image.ts';
import { IdlensError } from '../core/errors.ts';
import { fetchWithRetry, type RetryOptions } from '../core/fetch-with-retry.ts';
import type { ImageInput } from '../core/image-input.ts';
import { createEdgeClient, readJson, type EdgeClient } from './edge-client.ts';
import { sdkVersion } from './sdk-version.ts';

/** What the page captured for an interactive step (the SDK recognizes and submits it). */
export interface CapturedImages {
  /** Document front / card number side / the barcode. */
  front: ImageInput;
  back?: ImageInput | null;
  face?: ImageInput | null;
}

export interface TransactionCallbacks {
  /**
   * Called for each interactive step that waits for input: capture what `step.settings` asks for
   * (e.g. `requireBack`) — usually with the web components — and return the images.
   */
  capture?: (step: CurrentStepView, view: EdgeTransactionView) => Promise<CapturedImages>;
  /** Recognizes captured images locally (a `createRecognizer()`), sent as the step's extraction. */
  recognizer?: RecognitionMethods<ImageInput>;
  /** Every view/resume answer, for progress UI. */
  onUpdate?: (update: EdgeTransactionView | ResumeResponse) => void;
  retry?: RetryOptions;
  signal?: AbortSignal;
}

export interface StartTransactionOptions extends TransactionCallbacks {
  /** The customer's proxy: adds agent credentials and forwards to `POST /agent/api/v1/transaction`. */
  proxyUrl: string | URL;
  workflowId: string;
  formValues: Record<string, unknown>;
  /** `givenOn` defaults to now (ISO 8601 without zone designator, as the spec requires). */
  consent: Omit<Consent, 'givenOn'> & { givenOn?: string };
  /** Extra headers for the proxy (e.g. the page's own session token). */
  proxyHeaders?: Record<string, string>;
  /** The creation answer, as soon as it arrives (before the first step): its edge credentials hand the transaction off. */
  onCreated?: (created: CreateTransactionResponse) => void;
}

export interface ResumeTransactionOptions extends TransactionCallbacks {
  edgeApiUrl: string;
  transactionId: string;
  ephemeralKey: string;
}

export interface TransactionResult {
  transactionId: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  /** The creation answer (absent for `resumeTransaction`); holds `ephemeralKey` and `edgeApiUrl` to resume later. */
  created?: CreateTransactionResponse;
  view: EdgeTransactionView;
}

/** A resume loop running more steps than this without finishing is a server problem. */
const maxRounds = 50;

/**
 * Creates a transaction through the customer's proxy, then drives it at the edge until Complete
 * or Error. The create call carries an `Idempotency-Key`, so a retry after a lost answer gets the
 * same transaction instead of a second one.
 */
export async function startTransaction(options: StartTransactionOptions): Promise<TransactionResult> {
  const { proxyUrl, workflowId, formValues, consent, proxyHeaders = {}, retry = {}, signal } = options;
  const body = {
    workflowId,
    platform: 'browser',
    sdkVersion,
    formValues,
    consent: { ...consent, givenOn: consent.givenOn ?? new Date().toISOString().replace(/Z$/, '') },
  };
  const res = await fetchWithRetry(
    String(proxyUrl),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': randomKey(), ...proxyHeaders },
      body: JSON.stringify(body),
    },
    { ...retry, signal, idempotent: true },
  );
  const created = await readJson<CreateTransactionResponse>(res, 'create transaction');
  options.onCreated?.(created);
  const { edgeApiUrl, transactionId, ephemeralKey } = created;
  const result = await drive(createEdgeClient({ edgeApiUrl, transactionId, ephemeralKey, retry: { ...retry, signal } }), options);
  return { ...result, created };
}

/** Continues an existing transaction (e.g. after a page reload) until Complete or Error. */
export function resumeTransaction(options: ResumeTransactionOptions): Promise<TransactionResult> {
  const { edgeApiUrl, transactionId, ephemeralKey, retry = {}, signal } = options;
  return drive(createEdgeClient({ edgeApiUrl, transactionId, ephemeralKey, retry: { ...retry, signal } }), options);
}

async function drive(edge: EdgeClient, callbacks: TransactionCallbacks): Promise<TransactionResult> {
  const { onUpdate, signal } = callbacks;
  for (let round = 0; round < maxRounds; round++) {
    signal?.throwIfAborted();
    let view = await edge.view();
    onUpdate?.(view);
    if (view.processingStatus !== 'InProgress') return finished(edge, view);
    const step = view.currentStep;
    if (step?.interactive && step.awaitingInput) {
      view = await submitStep(edge, step, view, callbacks);
      onUpdate?.(view);
    }
    const resumed = await edge.resume();
    onUpdate?.(resumed);
    if (resumed.processingStatus !== 'InProgress') return finished(edge, await edge.view());
    if (!resumed.isChanged && !(step?.interactive && step.awaitingInput)) {
      throw new IdlensError('TRANSACTION_STALLED', 'the transaction does not advance and waits for no input');
    }
  }
  throw new IdlensError('TRANSACTION_STALLED', `no end after ${maxRounds} rounds`);
}

function finished(edge: EdgeClient, view: EdgeTransactionView): TransactionResult {
  return { transactionId: edge.transactionId, processingStatus: view.processingStatus, verificationStatus: view.verificationStatus, view };
}

/** Captures, recognizes locally, submits. A lost answer is checked against the view, not blindly resent. */
async function submitStep(
  edge: EdgeClient,
  step: CurrentStepView,
  view: EdgeTransactionView,
  { capture, recognizer }: TransactionCallbacks,
): Promise<EdgeTransactionView> {
  if (!capture) throw new IdlensError('CAPTURE_REQUIRED', `step ${step.id} (${step.type}) needs images: pass a capture callback`);
  const captured = await capture(step, view);
  // Encode first: recognition may transfer (detach) the caller's pixel buffers.
  const images: StepImages = {
    front: await encode(captured.front),
    back: captured.back ? await encode(captured.back) : null,
    face: captured.face ? await encode(captured.face) : null,
  };
  // A face the step requires but the user did not capture separately is the document's own portrait.
  const portraitAsFace = step.type === 'ScanDocument' && step.settings.requireFace === true && !images.face;
  const extraction = recognizer ? await recognize(recognizer, step, images, portraitAsFace) : null;
  const portrait = (extraction?.faceImage as { image?: unknown } | null | undefined)?.image;
  if (portraitAsFace && typeof portrait === 'string') images.face = portrait;
  try {
    return await edge.submitStep(step.id, { images, extraction });
  } catch (error) {
    if ((error as { code?: string }).code !== 'NETWORK_ERROR') throw error;
    const now = await edge.view();
    if (now.currentStep?.id === step.id && now.currentStep.awaitingInput) return edge.submitStep(step.id, { images, extraction });
    return now;
  }
}

async function recognize(
  recognizer: RecognitionMethods<ImageInput>,
  step: CurrentStepView,
  images: StepImages,
  returnFaceImage: boolean,
): Promise<Record<string, unknown> | null> {
  const blob = (b64: string | null | undefined) => (b64 ? new Blob([base64ToBytes(b64) as Uint8Array<ArrayBuffer>]) : null);
  const front = blob(images.front)!;
  switch (step.type) {
    case 'ScanDocument':
      return { ...(await recognizer.document({ first: front, second: blob(images.back) }, returnFaceImage ? { returnFaceImage } : undefined)) };
    case 'ScanCard':
      return { ...(await recognizer.card({ cardNumberSide: front, otherSide: blob(images.back) })) };
    case 'ScanBarcode':
      return { ...(await recognizer.barcode(front, allSymbologies)) };
    default:
      return null;
  }
}

async function encode(input: ImageInput): Promise<string> {
  return bytesToBase64(await encodeImage(input));
}

function randomKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
