/** Shared by the barcode eval's parts: the manifest's shape, the general client, scoring of one response. */
import { allSymbologies } from '@idlens/sdk/api';

/** A general client: all nine symbologies, every other flag at its default. */
export const generalClient = allSymbologies;

/** One entry of `barcodes/manifest.json` (see the corpus README). */
export interface ManifestEntry {
  file: string;
  expected: {
    format: CorpusFormat | null;
    text: string | null;
    bytes_base64?: string;
  };
}

export type CorpusFormat = 'QRCode' | 'UPC-A' | 'UPC-E' | 'EAN-8' | 'EAN-13' | 'Code128' | 'Code39' | 'ITF' | 'PDF417';

/** Corpus format name → the spec's BarcodeType. */
export const barcodeTypeOf: Record<CorpusFormat, string> = {
  QRCode: 'QR_CODE',
  'UPC-A': 'UPC_A',
  'UPC-E': 'UPC_E',
  'EAN-8': 'EAN_8',
  'EAN-13': 'EAN_13',
  Code128: 'CODE_128',
  Code39: 'CODE_39',
  ITF: 'ITF',
  PDF417: 'PDF417_BARCODE',
};

/**
 * Manifest expectations that contradict the symbol in the image, checked by eye against the printed
 * human-readable digits. Scored with the correction; the report also gives the as-manifest numbers.
 */
export const groundTruthCorrections: Record<string, { text: string; reason: string }> = {
  'itf/yushulx_Interleaved_2of_5.png': {
    text: '991230948260164483',
    reason: 'the digits printed along the bars are 991230948260164483 (18); the manifest has a 12-digit partial read',
  },
};

/** Characters of standard (non-extended) Code 39. */
export const code39Standard = /^[0-9A-Z \-.$/+%]*$/;

export type Outcome = 'correct' | 'wrong-type' | 'wrong-content' | 'missed' | 'false-positive' | 'true-negative' | 'error';

export interface Scored {
  file: string;
  format: CorpusFormat | 'none';
  outcome: Outcome;
  asManifest: Outcome;
  uncertain: boolean;
  clientMs: number;
  serverMs: number | null;
  got: string;
  expected: string;
}

export function score(entry: ManifestEntry, response: { status: number; json: any }, clientMs: number): Scored {
  const format: Scored['format'] = entry.expected.format ?? 'none';
  const data = response.json?.data;
  const serverMs = response.json?.startTime && response.json?.finishTime ? Date.parse(response.json.finishTime) - Date.parse(response.json.startTime) : null;
  const got = data ? `${data.barcodeType}:${JSON.stringify(data.stringData ?? data.rawData)}` : `HTTP ${response.status} ${response.json?.code ?? ''}`;
  const base = { file: entry.file, format, clientMs, serverMs, got, uncertain: data?.uncertain === true };
  if (response.status !== 200 || !data) return { ...base, outcome: 'error', asManifest: 'error', expected: '' };

  const correction = groundTruthCorrections[entry.file];
  const expected = correction ? { ...entry.expected, text: correction.text } : entry.expected;
  return {
    ...base,
    expected: `${expected.format}:${JSON.stringify(expected.text ?? expected.bytes_base64)}`,
    outcome: judge(expected, data),
    asManifest: judge(entry.expected, data),
  };
}

export function judge(expected: ManifestEntry['expected'], data: any): Outcome {
  const found = data.barcodeType !== null && data.recognitionStatus !== 'EMPTY';
  if (expected.format === null) return found ? 'false-positive' : 'true-negative';
  if (!found) return 'missed';
  const contentOk = expected.text === null ? data.rawData === expected.bytes_base64 : data.stringData === expected.text;
  if (contentOk) return data.barcodeType === barcodeTypeOf[expected.format] ? 'correct' : 'wrong-type';
  // A UPC-A reported as its GTIN-13 (leading 0) is the right symbol in the wrong form.
  if (expected.format === 'UPC-A' && data.stringData === `0${expected.text}`) return 'wrong-type';
  return 'wrong-content';
}
