// The corpus's real identity-document photos (id-specimens: passports, ID cards, travel documents,
// a US licence back) through `/document-single-side` as a client would post them: every field of the
// manifest's ground truth (derived from each document's MRZ or PDF417), and the class
// (`documentClassInfo` country and type). A field is correct, wrong or missing; a wrong field of a
// document answered VALID is "wrong but confident" — the number to keep at zero.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentData } from '@idlens/sdk/api';
import { countryOf } from '../../packages/sdk/src/engine/mrz/icao-countries.ts';
import { median } from '../bench/bench-context.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';

interface SpecimenEntry {
  file: string;
  expected: { document_kind: string; issuer: string | null; fields: Record<string, string> };
}

type Outcome = 'correct' | 'wrong' | 'missing';

/** Names as the MRZ encodes them: capitals, letters and single spaces. */
const name = (s: string | null | undefined) =>
  s
    ? s
        .toUpperCase()
        .replace(/[^A-Z]+/g, ' ')
        .trim() || null
    : null;
/** A date as `YYMMDD`. */
const yymmdd = (d: { year: number | null; month: number | null; day: number | null } | null) =>
  d?.year && d.month && d.day ? `${String(d.year % 100).padStart(2, '0')}${String(d.month).padStart(2, '0')}${String(d.day).padStart(2, '0')}` : null;

/** A ground-truth date as `YYMMDD`: the MRZ's as is, a PDF417's `MMDDCCYY` (US) or `CCYYMMDD` turned round. */
const asYymmdd = (s: string) => (s.length !== 8 ? s : /^(19|20)/.test(s) ? s.slice(2) : `${s.slice(6)}${s.slice(0, 4)}`);

/** Manifest field → what the client reads from `data`. */
const checks: Record<string, (d: DocumentData) => string | null> = {
  surname: (d) => name(d.lastName?.latin),
  given_names: (d) => name(d.firstName?.latin),
  document_number: (d) => d.documentNumber?.latin ?? null,
  date_of_birth: (d) => yymmdd(d.dateOfBirth),
  date_of_expiry: (d) => yymmdd(d.dateOfExpiry),
  sex: (d) => d.sex?.latin ?? null,
  nationality: (d) => d.nationality?.latin ?? null,
};

/** The `documentClassInfo.type` an MRZ document code names (its first letter, ICAO 9303). */
const typeOfCode = (code: string) => ({ P: 'TYPE_PASSPORT', I: 'TYPE_ID', A: 'TYPE_ID', C: 'TYPE_ID', V: 'TYPE_VISA' })[code[0] ?? ''] ?? null;

export const idSpecimensEval: EvalSuite = async (ctx) => {
  const dir = path.join(ctx.corpusDir, 'id-specimens');
  const entries = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as SpecimenEntry[];
  const tally: Record<string, Record<Outcome, number>> = {};
  const classes = { country: 0, type: 0, documents: 0 };
  const statuses: Record<string, number> = {};
  const wrongButConfident: string[] = [];
  /** Per photo, the fields it came back without: which documents a lost field is on. */
  const missedByFile = new Map<string, { status: string; fields: string[] }>();
  const ms: number[] = [];
  for (const entry of entries) {
    const bytes = await readFile(path.join(dir, entry.file));
    const t = performance.now();
    const res = await ctx.post('/document-single-side', { image: { imageBase64: bytes.toString('base64') } });
    ms.push(performance.now() - t);
    const data = res.status === 200 ? (res.json.data as DocumentData) : null;
    const status = data?.recognitionStatus ?? `HTTP ${res.status}`;
    statuses[status] = (statuses[status] ?? 0) + 1;
    for (const [field, want] of Object.entries(entry.expected.fields)) {
      const got = checks[field]?.(data ?? ({} as DocumentData));
      if (got === undefined) continue;
      const truth = field === 'surname' || field === 'given_names' ? name(want) : field.startsWith('date_') ? asYymmdd(want) : want;
      const outcome: Outcome = got === truth ? 'correct' : got === null ? 'missing' : 'wrong';
      tally[field] ??= { correct: 0, wrong: 0, missing: 0 };
      tally[field]![outcome]++;
      if (outcome === 'wrong' && status === 'VALID') wrongButConfident.push(`${entry.file} ${field}: got ${got}, want ${truth}`);
      if (outcome === 'missing') {
        const missed = missedByFile.get(entry.file) ?? { status, fields: [] };
        missed.fields.push(field);
        missedByFile.set(entry.file, missed);
      }
    }
    const state = entry.expected.fields.issuing_state ?? entry.expected.issuer;
    const code = entry.expected.fields.document_code;
    if (state && code) {
      classes.documents++;
      if (data?.documentClassInfo?.country === countryOf(state)) classes.country++;
      if (data?.documentClassInfo?.type === typeOfCode(code)) classes.type++;
    }
  }
  const rows = Object.entries(tally).map(([field, t]) => {
    const total = t.correct + t.wrong + t.missing;
    return [field, `${t.correct}/${total}`, percent(t.correct, total), t.wrong, t.missing];
  });
  return {
    suite: 'id-specimens',
    metrics: { documents: entries.length, statuses, fields: tally, classes, wrongButConfident: wrongButConfident.length, medianMs: Math.round(median(ms)) },
    markdown: [
      `${entries.length} real document photos (id-specimens), each sent alone to \`/document-single-side\`; answers: ${Object.entries(statuses)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}. Ground truth as the manifest gives it (from the MRZ or PDF417; names transliterated).`,
      '',
      ...table(['field', 'correct', '%', 'wrong', 'missing'], rows),
      '',
      `Class: country right on ${classes.country} of ${classes.documents}, type right on ${classes.type} of ${classes.documents} (type from the MRZ document code's first letter). Median ${Math.round(median(ms))} ms per photo.`,
      '',
      `Wrong but confident (a wrong field of a VALID answer): **${wrongButConfident.length}**.`,
      ...wrongButConfident.map((w) => `- ${w}`),
      '',
      `Photos with a field missing: **${missedByFile.size}**.`,
      ...[...missedByFile].map(([file, missed]) => `- ${file} (${missed.status}): ${missed.fields.join(', ')}`),
    ],
  } satisfies SuiteReport;
};
