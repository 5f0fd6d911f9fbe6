/**
 * Wire types shared by the SDK and the server: the resources of the recognition-service spec.
 * Field names are a contract with existing clients — do not rename.
 */

/** An image given either by URL (fetched by the server) or inline as Base64. Exactly one is set. */
export interface ImageSource {
  imageUrl?: string | null;
  imageBase64?: string | null;
}

/** The envelope around every recognition endpoint's output. */
export interface RecognitionEnvelope<TData> {
  traceId: string | null;
  executionId: string;
  /** UTC, ISO 8601: before recognition started. */
  startTime: string;
  /** UTC, ISO 8601: after recognition finished. */
  finishTime: string;
  data: TData;
}

/** Body of every 400/403/500/503 answer. `code` is stable; `message` is for humans. */
export interface DefaultResponse {
  code: string;
  message: string;
  traceId: string | null;
  executionId: string | null;
}

export const resultStates = ['EMPTY', 'UNCERTAIN', 'VALID', 'STAGE_VALID'] as const;
export type ResultState = (typeof resultStates)[number];

export const anonymizationModes = ['NONE', 'IMAGE_ONLY', 'RESULT_FIELDS_ONLY', 'FULL_RESULT'] as const;
export type AnonymizationMode = (typeof anonymizationModes)[number];

/** The spec's Date object. `originalString` is a plain string for cards and a StringResult for documents. */
export interface DateResult<TOriginal = string> {
  day: number | null;
  month: number | null;
  year: number | null;
  successfullyParsed: boolean;
  filledByDomainKnowledge: boolean;
  originalString: TOriginal | null;
}

export interface Point {
  x: number;
  y: number;
}
