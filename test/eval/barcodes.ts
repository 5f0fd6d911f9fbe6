import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { median, percentile } from '../bench/bench-context.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import { generalizationReport, selectedParts } from './barcode-generalization.ts';
import { code39Standard, generalClient, groundTruthCorrections, score, type ManifestEntry, type Outcome, type Scored } from './barcode-scoring.ts';
import type { EvalSuite } from './eval-context.ts';

/**
 * Barcode detection on the real-photo corpus through the HTTP API, as a client would call it.
 * Per image: one `POST /barcode` with all nine scan flags (Code 39 symbols whose expected text is
 * full ASCII are requested with `readCode39AsExtendedData`, as the spec requires for such data).
 * Scores type + content (`stringData`, or `rawData` for binary payloads) against the manifest.
 */
export const barcodeEval: EvalSuite = async (ctx) => {
  const dir = path.join(ctx.corpusDir, 'barcodes');
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const images = await Promise.all(manifest.map(async (entry) => ({ entry, bytes: await readFile(path.join(dir, entry.file)) })));
  const parts = selectedParts();
  const scored: Scored[] = [];
  if (parts.has('corpus')) for (const { entry, bytes } of images) scored.push(await readOne(ctx, entry, bytes));
  const corpusReport = report(scored);
  const extra = await generalizationReport(ctx, images, readOne, parts);
  return { ...corpusReport, metrics: { ...corpusReport.metrics, ...extra.metrics }, markdown: [...corpusReport.markdown, ...extra.markdown] };
};

/** One `POST /barcode` for one corpus entry (or a transformed copy of its image), scored. */
async function readOne(ctx: Parameters<EvalSuite>[0], entry: ManifestEntry, bytes: Buffer): Promise<Scored> {
  const extended = entry.expected.format === 'Code39' && !code39Standard.test(entry.expected.text ?? '');
  const started = performance.now();
  const response = await ctx.post('/barcode', {
    image: { imageBase64: bytes.toString('base64') },
    ...generalClient,
    ...(extended ? { readCode39AsExtendedData: true } : {}),
  });
  return score(entry, response, performance.now() - started);
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
