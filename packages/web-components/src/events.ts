/**
 * The components' events: `Event` subclasses that bubble and cross shadow roots (`composed`), so
 * a page can listen on any ancestor. Names carry an `idlens-` prefix so they never collide with
 * the DOM's own `error` and `progress` events.
 */

/** What a scanner read. */
export type ResultKind = 'barcode' | 'id-barcode' | 'card' | 'document' | 'transaction';

/** The images a result was read from (JPEG/PNG), e.g. to show or to submit in a transaction. */
export interface CapturedSides {
  front: Blob;
  back?: Blob | null;
}

const init = { bubbles: true, composed: true } as const;

/**
 * A scanner finished (`data` is the recognition `data` object, as the server's endpoints answer
 * it), or a transaction ended (`data` is a {@link TransactionOutcome}).
 */
export class IdlensResultEvent<T = unknown> extends Event {
  static readonly eventName = 'idlens-result' as const;
  readonly kind: ResultKind;
  readonly data: T;
  /** The image(s) the result was read from (null for a transaction). */
  readonly images: CapturedSides | null;
  /** From the start of the scan (camera live, or file chosen) to the result, in ms. */
  readonly durationMs: number;
  /** Where recognition ran. */
  readonly mode: 'worker' | 'server';
  readonly source: 'camera' | 'file' | 'transaction';

  constructor(
    kind: ResultKind,
    data: T,
    images: CapturedSides | null,
    durationMs: number,
    mode: 'worker' | 'server',
    source: 'camera' | 'file' | 'transaction',
  ) {
    super(IdlensResultEvent.eventName, init);
    this.kind = kind;
    this.data = data;
    this.images = images;
    this.durationMs = durationMs;
    this.mode = mode;
    this.source = source;
  }
}

/** Why the camera is unavailable, or that recognition or a transaction failed. */
export type IdlensErrorReason =
  | 'camera-denied'
  | 'camera-missing'
  | 'camera-unsupported'
  | 'camera-in-use'
  | 'camera-failed'
  | 'recognition-failed'
  | 'transaction-failed';

export class IdlensErrorEvent extends Event {
  static readonly eventName = 'idlens-error' as const;
  readonly reason: IdlensErrorReason;
  /** The SDK's or platform's stable code when there is one (e.g. `NETWORK_ERROR`). */
  readonly code: string | null;
  readonly message: string;

  constructor(reason: IdlensErrorReason, code: string | null, message: string) {
    super(IdlensErrorEvent.eventName, init);
    this.reason = reason;
    this.code = code;
    this.message = message;
  }
}

/** Bytes of a runtime asset (wasm, model) loaded. */
export class IdlensProgressEvent extends Event {
  static readonly eventName = 'idlens-progress' as const;
  readonly asset: string;
  readonly loaded: number;
  readonly total: number | null;
  readonly cached: boolean;

  constructor(asset: string, loaded: number, total: number | null, cached: boolean) {
    super(IdlensProgressEvent.eventName, init);
    this.asset = asset;
    this.loaded = loaded;
    this.total = total;
    this.cached = cached;
  }
}

/** The component's state changed (camera live, scanning, flip side, transaction step …). */
export class IdlensStatusEvent extends Event {
  static readonly eventName = 'idlens-status' as const;
  readonly status: string;
  /** Extra context, e.g. the transaction's processing status or the current step type. */
  readonly detail: Readonly<Record<string, unknown>>;

  constructor(status: string, detail: Readonly<Record<string, unknown>> = {}) {
    super(IdlensStatusEvent.eventName, init);
    this.status = status;
    this.detail = detail;
  }
}

/** `<idlens-camera>` took a picture or the user chose a file (upload fallback). */
export class IdlensCaptureEvent extends Event {
  static readonly eventName = 'idlens-capture' as const;
  readonly image: Blob;
  readonly source: 'camera' | 'file';

  constructor(image: Blob, source: 'camera' | 'file') {
    super(IdlensCaptureEvent.eventName, init);
    this.image = image;
    this.source = source;
  }
}

/** The events by name, for `addEventListener` typing on elements, `document` and `window`. */
export interface IdlensEventMap {
  'idlens-result': IdlensResultEvent;
  'idlens-error': IdlensErrorEvent;
  'idlens-progress': IdlensProgressEvent;
  'idlens-status': IdlensStatusEvent;
  'idlens-capture': IdlensCaptureEvent;
}

declare global {
  // They bubble and are composed, so document and window see them too.
  interface DocumentEventMap extends IdlensEventMap {}
  interface WindowEventMap extends IdlensEventMap {}
  interface HTMLElementEventMap {
    'idlens-result': IdlensResultEvent;
    'idlens-error': IdlensErrorEvent;
    'idlens-progress': IdlensProgressEvent;
    'idlens-status': IdlensStatusEvent;
    'idlens-capture': IdlensCaptureEvent;
  }
}

/** How a transaction ended, as `<idlens-transaction>` reports it. */
export interface TransactionOutcome {
  transactionId: string;
  processingStatus: 'InProgress' | 'Complete' | 'Error';
  verificationStatus: 'Accept' | 'Reject' | 'Review' | null;
  /** The checks that decided (from the customer proxy's outcome endpoint, when it has one). */
  checks: Array<{ step: string; name: string; outcome: 'PASS' | 'FAIL' | 'NOT_PERFORMED'; reason: string }>;
}
