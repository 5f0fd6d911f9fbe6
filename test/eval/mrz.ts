import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { DocumentData } from '@idlens/sdk/api';
import { createOcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { cropMrzZone } from '../support/engine/crop-mrz-zone.ts';
import { correctMrz } from '../../packages/sdk/src/engine/mrz/correct-mrz.ts';
import { cellsFromText } from '../support/engine/mrz-cells.ts';
import { foldText } from '../../packages/sdk/src/engine/document/visual/fold-text.ts';
import { countryOf } from '../../packages/sdk/src/engine/mrz/icao-countries.ts';
import { parseMrz } from '../../packages/sdk/src/engine/mrz/parse-mrz.ts';
import { readMrz } from '../../packages/sdk/src/engine/mrz/read-mrz.ts';
import type { InferenceRuntime } from '../../packages/sdk/src/engine/ocr/inference-runtime.ts';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { median } from '../bench/bench-context.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { tesseractLines, tesseractVersion } from './mrz-tesseract.ts';
import { captureVariants, orientationVariants, type PhotoVariant } from './photo-variants.ts';

export interface MrzEntry {
  file: string;
  expected: { mrz: string[]; document_type: string; check_digits_valid: boolean };
}

/**
 * Fields compared per document: what a client reads from `data`, the truth from the MRZ lines, and
 * (where a value read from print is written otherwise than the MRZ writes it) when they agree.
 */
const fieldChecks: Array<{
  name: string;
  got: (d: DocumentData) => string | null;
  want: (lines: string[]) => string | null;
  same?: (got: string, want: string) => boolean;
}> = [
  { name: 'documentNumber', got: (d) => d.documentNumber?.latin ?? null, want: (l) => parseMrz(l)?.documentNumber ?? null },
  { name: 'dateOfBirth', got: (d) => fullDate(d.dateOfBirth), want: (l) => mrzFullDate(parseMrz(l)?.fields.dateOfBirth, 'past') },
  { name: 'dateOfExpiry', got: (d) => fullDate(d.dateOfExpiry), want: (l) => mrzFullDate(parseMrz(l)?.fields.dateOfExpiry, 'expiry') },
  { name: 'lastName', got: (d) => d.lastName?.latin ?? null, want: (l) => names(l)?.[0] ?? null },
  { name: 'firstName', got: (d) => d.firstName?.latin ?? null, want: (l) => names(l)?.[1] ?? null },
  {
    name: 'nationality',
    got: (d) => d.nationality?.latin ?? null,
    want: (l) => parseMrz(l)?.fields.nationality?.replace(/<+$/, '') ?? null,
    same: printedNationalityMatches,
  },
  { name: 'sex', got: (d) => d.sex?.latin ?? null, want: (l) => parseMrz(l)?.fields.sex?.replace('<', '') || null },
  { name: 'issuer', got: (d) => d.mrzData?.issuer ?? null, want: (l) => parseMrz(l)?.fields.issuer?.replace(/<+$/, '') ?? null },
];

/**
 * The MRZ's code, or — read from print alone — the nationality printed as a word ("AUSTRALIAN" for
 * AUS): it must begin with the code's country name less its last letter (AUSTRALI-, GERMAN-,
 * FRANC-). A word in another form ("DEUTSCH") counts as wrong: the check errs towards wrong.
 */
function printedNationalityMatches(got: string, code: string): boolean {
  if (got === code) return true;
  const country = countryOf(code)
    ?.replace(/^COUNTRY_/, '')
    .replace(/_/g, ' ');
  const word = foldText(got);
  return !!country && country.length >= 4 && word.length > 3 && word.startsWith(country.slice(0, -1));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date a client reads, as YYYY-MM-DD, so that one read from print (`07 JUN 1984`) and one from the
 * MRZ compare by value, century included; an unparsed date by its original string.
 */
function fullDate(date: DocumentData['dateOfBirth']): string | null {
  if (!date) return null;
  if (date.successfullyParsed && date.year && date.month && date.day) return `${date.year}-${two(date.month)}-${two(date.day)}`;
  return date.originalString?.latin ?? null;
}

/**
 * The truth's YYMMDD with its century resolved (a birth date in the past; an expiry up to 50 years
 * ahead), so that a print reading of 1984 as 2084 counts as wrong; an MRZ date with unknown parts as it is.
 */
function mrzFullDate(yymmdd: string | undefined, kind: 'past' | 'expiry'): string | null {
  if (!yymmdd) return null;
  if (!/^\d{6}$/.test(yymmdd)) return yymmdd;
  const thisYear = new Date().getUTCFullYear();
  const yy = Number(yymmdd.slice(0, 2));
  let year = 2000 + yy;
  if (kind === 'past' ? year > thisYear : year > thisYear + 50) year -= 100;
  return `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

function names(lines: string[]): [string, string] | null {
  const n = parseMrz(lines)?.fields.names;
  if (!n) return null;
  const [p = '', s = ''] = n.replace(/<+$/, '').split('<<');
  return [p.replace(/</g, ' ').trim(), s.replace(/</g, ' ').trim()];
}

interface Outcome {
  file: string;
  exact: boolean;
  valid: boolean;
  /** VALID, and the MRZ read is not the document's, or a field returned holds a wrong value. */
  wrongButValid: boolean;
  /** VALID without the MRZ (read from print alone: docs/documents.md), every value returned right. */
  validWithoutMrz: boolean;
  fields: Record<string, 'correct' | 'wrong' | 'missing'>;
  ms: number;
  got: string;
}

export async function readZones(ctx: EvalContext, entries: MrzEntry[], variant?: PhotoVariant): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const e of entries) {
    const original = await readFile(path.join(ctx.corpusDir, 'mrz', e.file));
    const bytes = variant ? await variant.make(original) : original;
    const t = performance.now();
    const res = await ctx.post('/document-single-side', { image: { imageBase64: bytes.toString('base64') } });
    const ms = performance.now() - t;
    const data = (res.json?.data ?? null) as DocumentData | null;
    const got = data?.mrzData?.rawMrzString ?? '';
    const exact = got === e.expected.mrz.join('\n');
    const valid = data?.recognitionStatus === 'VALID';
    const fields: Outcome['fields'] = {};
    for (const f of fieldChecks) {
      const want = f.want(e.expected.mrz);
      if (want === null || e.expected.document_type === 'FRA-CNI') continue;
      const value = data ? f.got(data) : null;
      fields[f.name] = value === null ? 'missing' : (f.same ?? ((a, b) => a === b))(value, want) ? 'correct' : 'wrong';
    }
    const wrongValue = Object.values(fields).includes('wrong');
    // Read from print alone counts as right only when the values that make it VALID were checked and right.
    const mandatoryRight = ['lastName', 'dateOfBirth', 'documentNumber'].every((f) => fields[f] === 'correct');
    const validWithoutMrz = valid && got === '' && !wrongValue && mandatoryRight;
    const wrongButValid = valid && !exact && !validWithoutMrz;
    out.push({ file: e.file, exact, valid, wrongButValid, validWithoutMrz, fields, ms, got });
  }
  return out;
}

export function summarise(label: string, outcomes: Outcome[]) {
  const n = outcomes.length;
  const exact = outcomes.filter((o) => o.exact).length;
  const wrongValid = outcomes.filter((o) => o.wrongButValid).length;
  const perField: Record<string, { correct: number; wrong: number; missing: number }> = {};
  for (const o of outcomes) {
    for (const [k, v] of Object.entries(o.fields)) {
      perField[k] ??= { correct: 0, wrong: 0, missing: 0 };
      perField[k][v]++;
    }
  }
  const wrongFields = Object.values(perField).reduce((s, f) => s + f.wrong, 0);
  // Exact and VALID: the zone read right and vouched for entirely (what a client can accept unseen).
  const exactValid = outcomes.filter((o) => o.exact && o.valid).length;
  return {
    label,
    documents: n,
    exact,
    exactShare: n ? exact / n : 0,
    exactValid,
    wrongButValid: wrongValid,
    validWithoutMrz: outcomes.filter((o) => o.validWithoutMrz).length,
    wrongFieldValues: wrongFields,
    perField,
    medianMs: median(outcomes.map((o) => o.ms)),
  };
}

/** Tesseract on the zone crops idlens's locator finds, parsed and checked like idlens's reading. */
async function runTesseract(ctx: EvalContext, entries: MrzEntry[]) {
  const ort = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
  const ocr = createOcrEngine(ort, await loadModelsFromDisk());
  let exact = 0;
  let valid = 0;
  let wrongValid = 0;
  let located = 0;
  for (const e of entries) {
    const { data, info } = await sharp(path.join(ctx.corpusDir, 'mrz', e.file))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
    const reading = await readMrz(frame, ocr);
    if (!reading) continue;
    located++;
    const lines = (await tesseractLines(cropMrzZone(frame, reading.lines))).slice(-reading.lines.length);
    const length = e.expected.mrz[0]!.length;
    const sized = lines.map((l) => (l.length >= length ? l.slice(0, length) : l.padEnd(length, '<')));
    if (sized.join('\n') === e.expected.mrz.join('\n')) exact++;
    const corrected = sized.length ? correctMrz(sized.map((l) => cellsFromText(l, 0.9))) : null;
    const ok = !!corrected && corrected.parsed.valid && corrected.uncertain.length === 0;
    if (ok) valid++;
    if (ok && corrected!.parsed.lines.join('\n') !== e.expected.mrz.join('\n')) wrongValid++;
  }
  return { located, exact, valid, wrongButValid: wrongValid, documents: entries.length };
}

/**
 * MRZ accuracy through `POST /document-single-side` on ../shared/corpus/mrz, as a client calls it:
 * documents whose zone is read exactly, per-field accuracy, wrong values returned as valid — with
 * the dedicated MRZ model and the printed-line reader when both exist, and Tesseract as the peer.
 */
export const mrzEval: EvalSuite = async (ctx) => {
  const entries = JSON.parse(await readFile(path.join(ctx.corpusDir, 'mrz', 'manifest.json'), 'utf8')) as MrzEntry[];
  const runs: ReturnType<typeof summarise>[] = [];
  const details: Record<string, Outcome[]> = {};
  const dedicated = (await loadModelsFromDisk())['mrz-rec'];
  const primary = await readZones(ctx, entries);
  // RECOGNITION_MRZ_MODEL=general reads the zone with the printed-line reader: the Latin recognizer by
  // default, PP-OCRv4's only with RECOGNITION_LINE_READER=general (zone-readers.ts) — the labels say so.
  const primaryLabel = dedicated ? 'idlens (default: dedicated mrz-rec, then the printed-line reader)' : 'idlens (the printed-line reader)';
  runs.push(summarise(primaryLabel, primary));
  details[primaryLabel] = primary;
  if (dedicated) {
    // Each model alone, on servers configured for it, for the comparison.
    for (const [choice, label] of [
      ['dedicated', 'idlens (dedicated mrz-rec only)'],
      ['general', 'idlens (the printed-line reader only: latin-rec by default)'],
    ] as const) {
      const { server, ctx: alone } = await startLoopbackServer({ RECOGNITION_MRZ_MODEL: choice });
      try {
        const outcome = await readZones(alone, entries);
        runs.push(summarise(label, outcome));
        details[label] = outcome;
      } finally {
        await server.close();
      }
    }
  }
  // The same photos as a phone might also deliver them, read by the default reader: how much of
  // the score is the corpus's own framing.
  const robustness: Array<{ variant: string; exact: number; exactValid: number; wrongButValid: number; documents: number; medianMs: number }> = [];
  for (const variant of [...orientationVariants, ...captureVariants]) {
    const outcome = await readZones(ctx, entries, variant);
    const summary = summarise(variant.name, outcome);
    const { exact, exactValid, wrongButValid, documents, medianMs } = summary;
    robustness.push({ variant: variant.name, exact, exactValid, wrongButValid, documents, medianMs });
    details[`${primaryLabel}, ${variant.name}`] = outcome;
  }
  const tessVersion = await tesseractVersion();
  const tess = tessVersion ? await runTesseract(ctx, entries) : null;

  const markdown = [
    `${entries.length} documents (${entries.filter((e) => !e.expected.check_digits_valid).length} with misprinted check digits, ` +
      `${entries.filter((e) => e.expected.document_type === 'FRA-CNI').length} non-ICAO French ID). ` +
      '"exact" = every MRZ line returned equals the printed one; "exact and VALID" = exact with recognitionStatus VALID (nothing in doubt); ' +
      '"wrong but VALID" = recognitionStatus VALID, not exact, unless the MRZ was not read and the print alone made it VALID with surname, birth date and number right ' +
      'and no value wrong (docs/documents.md); must be 0. Dates compare as dates, century included (so "wrong field values" counts differ from reports before 2026-11-26T06:40).',
    '',
    ...table(
      ['reader', 'exact', 'exact and VALID', 'wrong but VALID', 'wrong field values returned', 'median ms / request'],
      [
        ...runs.map((r) => [
          r.label,
          `${r.exact}/${r.documents} (${percent(r.exact, r.documents)})`,
          r.exactValid,
          r.wrongButValid,
          r.wrongFieldValues,
          r.medianMs.toFixed(0),
        ]),
        ...(tess
          ? [
              [
                `tesseract (${tessVersion}, same crops, whitelist <0-9A-Z)`,
                `${tess.exact}/${tess.documents} (${percent(tess.exact, tess.documents)})`,
                '—',
                tess.wrongButValid,
                '—',
                '—',
              ],
            ]
          : []),
      ],
    ),
    '',
    'The same photos transformed, default reader:',
    '',
    ...table(
      ['variant', 'exact', 'exact and VALID', 'wrong but VALID', 'median ms / request'],
      robustness.map((r) => [r.variant, `${r.exact}/${r.documents} (${percent(r.exact, r.documents)})`, r.exactValid, r.wrongButValid, r.medianMs.toFixed(0)]),
    ),
    '',
    'Per-field accuracy (correct / wrong / withheld) of the first reader:',
    '',
    ...table(
      ['field', 'correct', 'wrong', 'withheld'],
      Object.entries(runs[0]!.perField).map(([k, v]) => [k, `${v.correct} (${percent(v.correct, v.correct + v.wrong + v.missing)})`, v.wrong, v.missing]),
    ),
    '',
    'Not exact:',
    '',
    ...Object.entries(details).flatMap(([label, outcomes]) =>
      outcomes
        .filter((o) => !o.exact)
        .map((o) => {
          const wrong = Object.entries(o.fields)
            .filter(([, v]) => v === 'wrong')
            .map(([k]) => k);
          const got = o.got ? `\`${o.got.replace(/\n/g, ' | ')}\`` : 'no MRZ';
          const status = o.wrongButValid ? ' (VALID!)' : o.validWithoutMrz ? ' (VALID from print alone, values right)' : '';
          return `- ${label}: ${o.file} → ${got}${status}${wrong.length ? ` — wrong values returned: ${wrong.join(', ')}` : ''}`;
        }),
    ),
    '',
    tess
      ? `Tesseract: zone located by idlens on ${tess.located}/${tess.documents}; check digits all valid after idlens's correction on ${tess.valid}.`
      : 'Tesseract not installed: peer skipped (apt-get install tesseract-ocr).',
  ];
  return { suite: 'mrz', metrics: { runs, robustness, tesseract: tess, tesseractVersion: tessVersion }, markdown } satisfies SuiteReport;
};
