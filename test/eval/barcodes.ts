import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { median, percentile } from '../bench/bench-context.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';

/** One entry of `barcodes/manifest.json` (see the corpus README). */
interface ManifestEntry {
  file: string;
  expected: {
    format: CorpusFormat | null;
    text: string | null;
    bytes_base64?: string;
  };
}

type CorpusFormat = 'QRCode' | 'UPC-A' | 'UPC-E' | 'EAN-8' | 'EAN-13' | 'Code128' | 'Code39' | 'ITF' | 'PDF417';

/** Corpus format name → the spec's BarcodeType. */
const barcodeTypeOf: Record<CorpusFormat, string> = {
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
const groundTruthCorrections: Record<string, { text: string; reason: string }> = {
  'itf/yushulx_Interleaved_2of_5.png': {
    text: '991230948260164483',
    reason: 'the digits printed along the bars are 991230948260164483 (18); the manifest has a 12-digit partial read',
  },
};

/** A general client: all nine symbologies, every other flag at its default. */
const generalClient = {
  scanQrCode: true,
  scanUpca: true,
  scanUpce: true,
  scanEan8: true,
  scanEan13: true,
  scanCode128: true,
  scanCode39: true,
  scanItf: true,
  scanPdf417: true,
} as const;

/** Characters of standard (non-extended) Code 39. */
const code39Standard = /^[0-9A-Z \-.$/+%]*$/;

type Outcome = 'correct' | 'wrong-type' | 'wrong-content' | 'missed' | 'false-positive' | 'true-negative' | 'error';

interface Scored {
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

/**
 * Barcode detection on the real-photo corpus through the HTTP API, as a client would call it.
 * Per image: one `POST /barcode` with all nine scan flags (Code 39 symbols whose expected text is
 * full ASCII are requested with `readCode39AsExtendedData`, as the spec requires for such data).
 * Scores type + content (`stringData`, or `rawData` for binary payloads) against the manifest.
 */
export const barcodeEval: EvalSuite = async (ctx) => {
  const dir = path.join(ctx.corpusDir, 'barcodes');
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const scored: Scored[] = [];

  for (const entry of manifest) {
    const imageBase64 = (await readFile(path.join(dir, entry.file))).toString('base64');
    const extended = entry.expected.format === 'Code39' && !code39Standard.test(entry.expected.text ?? '');
    const started = performance.now();
    const response = await ctx.post('/barcode', {
      image: { imageBase64 },
      ...generalClient,
      ...(extended ? { readCode39AsExtendedData: true } : {}),
    });
    const clientMs = performance.now() - started;
    scored.push(score(entry, response, clientMs));
  }
  return report(scored);
};

function score(entry: ManifestEntry, response: { status: number; json: any }, clientMs: number): Scored {
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

function judge(expected: ManifestEntry['expected'], data: any): Outcome {
  const found = data.barcodeType !== null && data.recognitionStatus !== 'EMPTY';
  if (expected.format === null) return found ? 'false-positive' : 'true-negative';
  if (!found) return 'missed';
  const contentOk = expected.text === null ? data.rawData === expected.bytes_base64 : data.stringData === expected.text;
  if (contentOk) return data.barcodeType === barcodeTypeOf[expected.format] ? 'correct' : 'wrong-type';
  // A UPC-A reported as its GTIN-13 (leading 0) is the right symbol in the wrong form.
  if (expected.format === 'UPC-A' && data.stringData === `0${expected.text}`) return 'wrong-type';
  return 'wrong-content';
}

function report(scored: Scored[]): SuiteReport {
  const positives = scored.filter((s) => s.format !== 'none');
  const negatives = scored.filter((s) => s.format === 'none');
  const count = (list: Scored[], outcome: Outcome, key: 'outcome' | 'asManifest' = 'outcome') => list.filter((s) => s[key] === outcome).length;
  const formats = [...new Set(positives.map((s) => s.format))].sort();
  const rows = formats.map((format) => {
    const list = positives.filter((s) => s.format === format);
    const correct = count(list, 'correct');
    return [
      format,
      list.length,
      correct,
      percent(correct, list.length),
      count(list, 'missed'),
      count(list, 'wrong-content'),
      count(list, 'wrong-type'),
      list.filter((s) => s.outcome === 'correct' && s.uncertain).length,
    ];
  });
  const correct = count(positives, 'correct');
  const wrong = positives.filter((s) => s.outcome === 'wrong-content' || s.outcome === 'wrong-type');
  const certainWrong = wrong.filter((s) => !s.uncertain).length;
  const falsePositives = count(negatives, 'false-positive');
  const errors = count(scored, 'error');
  const clientTimes = scored.map((s) => s.clientMs);
  const serverTimes = scored.flatMap((s) => (s.serverMs === null ? [] : [s.serverMs]));
  const asManifestCorrect = count(positives, 'correct', 'asManifest');

  const metrics = {
    images: scored.length,
    positives: positives.length,
    detected: correct,
    detectionRate: positives.length ? correct / positives.length : null,
    detectionRateAsManifest: positives.length ? asManifestCorrect / positives.length : null,
    missed: count(positives, 'missed'),
    wrongContent: count(positives, 'wrong-content'),
    wrongType: count(positives, 'wrong-type'),
    wrongCertain: certainWrong,
    uncertainCorrect: positives.filter((s) => s.outcome === 'correct' && s.uncertain).length,
    negatives: negatives.length,
    falsePositives,
    httpErrors: errors,
    medianClientMs: median(clientTimes),
    p90ClientMs: percentile(clientTimes, 90),
    medianServerMs: serverTimes.length ? median(serverTimes) : null,
    perFormat: Object.fromEntries(rows.map((r) => [r[0], { images: r[1], detected: r[2] }])),
  };

  const markdown = [
    `All nine scan flags, other flags default (Code 39 full-ASCII symbols with \`readCode39AsExtendedData\`); one \`POST /barcode\` per image.`,
    '',
    ...table(
      ['format', 'images', 'detected', 'rate', 'missed', 'wrong content', 'wrong type', 'correct, flagged uncertain'],
      [
        ...rows,
        [
          '**all**',
          positives.length,
          correct,
          `**${percent(correct, positives.length)}**`,
          metrics.missed,
          metrics.wrongContent,
          metrics.wrongType,
          metrics.uncertainCorrect,
        ],
      ],
    ),
    '',
    `- False positives on no-barcode images: **${falsePositives} / ${negatives.length}**`,
    `- Wrong reads: ${wrong.length} (reported as certain: **${certainWrong}**)`,
    `- As the manifest stands (no ground-truth corrections): ${asManifestCorrect} / ${positives.length} = ${percent(asManifestCorrect, positives.length)}`,
    `- HTTP errors: ${errors}`,
    `- Time per image: median ${median(clientTimes).toFixed(0)} ms, p90 ${percentile(clientTimes, 90).toFixed(0)} ms (client round trip)` +
      (serverTimes.length ? `; server recognition median ${median(serverTimes).toFixed(0)} ms` : ''),
  ];
  for (const [file, { reason }] of Object.entries(groundTruthCorrections)) markdown.push(`- Ground truth corrected for \`${file}\`: ${reason}.`);
  const missed = positives.filter((s) => s.outcome === 'missed').map((s) => `\`${s.file}\``);
  if (missed.length > 0) markdown.push(`- Missed: ${missed.join(', ')}`);
  const notable = scored.filter((s) => ['wrong-content', 'wrong-type', 'false-positive', 'error'].includes(s.outcome));
  if (notable.length > 0) {
    markdown.push(
      '',
      ...table(
        ['file', 'outcome', 'uncertain', 'expected', 'got'],
        notable.map((s) => [s.file, s.outcome, s.uncertain ? 'yes' : 'no', s.expected.slice(0, 60), s.got.slice(0, 60)]),
      ),
    );
  }
  return { suite: 'barcodes', metrics, markdown };
}
