import type { BarcodeResult } from '../../api/id-barcode.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import { decodePayload } from './aamva-text.ts';
import { emptyBarcodeResult } from './empty-barcode-result.ts';
import { readAamvaDocument } from './read-aamva-document.ts';
import { toBarcodeResult } from './to-barcode-result.ts';

export { emptyBarcodeResult };

/**
 * Parses the decoded bytes of an ID barcode as an AAMVA DL/ID payload (versions 1–10, plus the messy
 * variants real scanners produce: lost or altered separators, wrong directory offsets, byte-order marks).
 *
 * `rawDataBase64` and `stringData` are always filled. `parsed` is true when the AAMVA header was found
 * and the DL/ID subfile gave at least one element; anything else (non-AAMVA text, garbage, a payload
 * truncated before its first element) returns `parsed: false` with whatever could be read. Never throws.
 */
export function parseAamva(bytes: Uint8Array): BarcodeResult {
  const text = decodePayload(bytes);
  const raw = { rawDataBase64: bytesToBase64(bytes), stringData: text };
  try {
    const document = readAamvaDocument(text);
    return { ...(document ? toBarcodeResult(document) : emptyBarcodeResult()), ...raw };
  } catch {
    // The parser is written not to throw; this guard keeps a bug in it from turning a barcode that
    // was read into a failed request. The raw data still reaches the caller.
    return { ...emptyBarcodeResult(), ...raw };
  }
}
