import type { BarcodeType } from '../../api/barcode.ts';
import { applyAffine, type Affine, type Point } from '../image/affine.ts';
import { pdf417SpareCodewords } from './pdf417/pdf417-correction.ts';
import { barcodeTypeOf, isLinearType } from './symbologies.ts';
import type { ReadResult } from './zxing-reader.ts';

/** One zxing result in the spec's terms and in the original frame's coordinates. */
export interface BarcodeRead {
  type: BarcodeType;
  /** `null` for binary payloads (they have no honest string form; `bytes` carries them). */
  text: string | null;
  bytes: Uint8Array;
  /** Corners in original-frame pixels: top-left, top-right, bottom-right, bottom-left. */
  points: Point[];
  linear: boolean;
  /** Scan lines that agreed on this read (linear symbologies; 0 for matrix codes). */
  lineCount: number;
  /**
   * Read by fitting a model of the symbol to grey levels (the EAN/UPC profile fit) rather than
   * decoded from edges: the pool caps what such reads add up to (`CandidateRules.maxFittedSupport`).
   */
  fitted?: boolean;
  /**
   * Matrix codes: the share of the symbol's error correction left unused by this decode (zxing's
   * `UEC`, 0–1), when zxing gives it. At 0 every error the code could correct was corrected, and a
   * symbol damaged beyond that can be "corrected" into another valid codeword sequence.
   */
  correctionMargin?: number;
  /**
   * PDF417: how many correction codewords that share is, at least (`pdf417SpareCodewords`): zxing
   * gives the share, and a share of a symbol with 2 or 4 of them is one codeword or none.
   */
  spareCodewords?: number;
}

export interface NormalizeContext {
  /** Whether the client asked for UPC-A: then a GTIN-13 with a leading 0 is reported as UPC-A. */
  scanUpca: boolean;
  scanEan13: boolean;
  /** Map from the pixels zxing saw to the original frame. */
  toOriginal: Affine;
}

const encoder = new TextEncoder();

/**
 * Turns a zxing result into a {@link BarcodeRead}, applying the reporting conventions of the API:
 * - UPC-A is reported as UPC_A with its 12 digits when `scanUpca` is on; zxing-cpp reports UPC-A as
 *   the 13-digit GTIN (leading 0), and as EAN13 whenever EAN-13 is also enabled. With only
 *   `scanEan13`, such a symbol stays EAN_13 with 13 digits (what an EAN-13 reader sees).
 * - UPC-E is reported with its conventional 8 digits, not zxing's expanded GTIN-13.
 * - Binary content (no character interpretation) gets `text: null`; `bytes` carries it.
 * Returns `undefined` for results of a type the client did not ask for, and for those under an ECI
 * of 900 or more (zxing's `UnknownECI`: not a character set, nothing AAMVA, GS1 or a QR code's
 * character-set ECIs use): on a degraded symbol that is error correction gone wrong — a PDF417 shrunk
 * to 60 %, read from its restored image, gave 124 bytes of near-text garbage so — and such a payload
 * has no text to report anyway.
 */
export function normalizeRead(result: ReadResult, context: NormalizeContext): BarcodeRead | undefined {
  let type = barcodeTypeOf(result.format);
  if (!type || result.contentType === 'UnknownECI') return undefined;
  let text: string | null = isBinaryPayload(result) ? null : result.text;
  let bytes = result.bytes;

  if (type === 'EAN_13' || type === 'UPC_A') {
    // A binary payload (text null) is no GTIN: it can only be reported as EAN-13.
    const reported = reportedGtin13(text ?? '', context);
    if (!reported) return undefined;
    type = reported.type;
    if (type === 'UPC_A') {
      text = reported.text;
      bytes = encoder.encode(text);
    }
  } else if (type === 'UPC_E') {
    const upce = upceDigits(result.extra);
    if (upce) {
      text = upce;
      bytes = encoder.encode(upce);
    }
  }

  const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
  const linear = isLinearType(type);
  const correctionMargin = linear ? undefined : extraField(result.extra, 'UEC');
  const spareCodewords =
    type === 'PDF417_BARCODE' && typeof correctionMargin === 'number'
      ? pdf417SpareCodewords(correctionMargin, extraField(result.extra, 'ECLevel'), bytes)
      : undefined;
  return {
    type,
    text,
    bytes,
    points: [topLeft, topRight, bottomRight, bottomLeft].map((p) => applyAffine(context.toOriginal, p)),
    linear,
    lineCount: result.lineCount,
    ...(typeof correctionMargin === 'number' ? { correctionMargin } : {}),
    ...(spareCodewords !== undefined ? { spareCodewords } : {}),
  };
}

/** The 13 digits of an EAN-13 or UPC-A read (a UPC-A is reported with 12: a leading 0 restores them). */
export function gtin13Of(read: Pick<BarcodeRead, 'type' | 'text'>): string | null {
  return read.type === 'UPC_A' && read.text !== null ? `0${read.text}` : read.text;
}

/**
 * How a GTIN-13 read from an EAN-13 or UPC-A symbol is reported: as UPC_A with 12 digits when it has
 * a leading 0 and the client asked for UPC-A, else as EAN_13 when the client asked for EAN-13, else
 * not at all.
 */
export function reportedGtin13(digits: string, context: Pick<NormalizeContext, 'scanUpca' | 'scanEan13'>): { type: BarcodeType; text: string } | undefined {
  if (digits.length === 13 && digits.startsWith('0') && context.scanUpca) return { type: 'UPC_A', text: digits.slice(1) };
  return context.scanEan13 ? { type: 'EAN_13', text: digits } : undefined;
}

/** A linear read the engine's own decoders made (no zxing result): its reported type and text, corners in frame pixels, and agreeing lines. */
export function engineRead(reported: { type: BarcodeType; text: string }, points: Point[], lineCount: number): BarcodeRead {
  return { type: reported.type, text: reported.text, bytes: encoder.encode(reported.text), points, linear: true, lineCount };
}

/**
 * Control characters that do not occur in text. Separators (FS, GS, RS, US), TAB, LF and CR are
 * allowed: AAMVA licence data and ISO 15434 messages are text built with them.
 */
const nonTextCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001b\u007f-\u009f\ufffd]/;

/**
 * zxing-cpp calls any payload with control characters "Binary", AAMVA data included. Only when the
 * characters confirm it (controls that text never has, C1 codes, undecodable bytes) is it binary.
 */
function isBinaryPayload(result: ReadResult): boolean {
  return result.contentType === 'Binary' && nonTextCharacter.test(result.text);
}

/** zxing-cpp keeps the original 8-digit UPC-E in `extra` under `UPCE`. */
function upceDigits(extra: string): string | undefined {
  const value = extraField(extra, 'UPCE');
  return typeof value === 'string' && /^\d{8}$/.test(value) ? value : undefined;
}

/** One field of zxing-cpp's `extra` (a JSON object, or empty), or undefined. */
function extraField(extra: string, key: string): unknown {
  if (!extra) return undefined;
  try {
    return (JSON.parse(extra) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
