// Documents read through their ID barcode: generated two-sided North-American licences and ID cards
// (a printed front, a back with the AAMVA PDF417) posted to `/document-multi-side` as a client would,
// as rendered and transformed the way a capture transforms them; plus the corpus's real licence back.
// Reports per-field accuracy, fields returned wrong in a VALID answer, and time per document.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DateResult, DocumentData } from '@idlens/sdk/api';
import { median } from '../bench/bench-context.ts';
import { type LicenceHolder, renderLicenceBack, renderLicenceFront } from '../support/licence-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import { seededRandom } from '../support/seeded-random.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { captureVariants, type PhotoVariant } from './photo-variants.ts';

/** Jurisdictions the generated documents come from: IIN, printed name, code, country. */
const issuers = [
  { iin: '636000', name: 'VIRGINIA', code: 'VA', country: 'USA', region: 'REGION_VIRGINIA' },
  { iin: '636014', name: 'CALIFORNIA', code: 'CA', country: 'USA', region: 'REGION_CALIFORNIA' },
  { iin: '636015', name: 'TEXAS', code: 'TX', country: 'USA', region: 'REGION_TEXAS' },
  { iin: '636001', name: 'NEW YORK', code: 'NY', country: 'USA', region: 'REGION_NEW_YORK' },
  { iin: '636012', name: 'ONTARIO', code: 'ON', country: 'CAN', region: 'REGION_ONTARIO' },
  { iin: '636028', name: 'BRITISH COLUMBIA', code: 'BC', country: 'CAN', region: 'REGION_BRITISH_COLUMBIA' },
] as const;

const lastNames = ['GARCIA', "O'BRIEN", 'NGUYEN', 'SMITH-JONES', 'KOWALSKI', 'VAN DER BERG', 'LEE', 'MACDONALD'];
const firstNames = ['MARIA', 'JAMES', 'LINH', 'ROBERT', 'AISHA', 'PIOTR', 'EMILY', 'JEAN-LUC'];
const streets = ['1200 MAIN ST', '45 OAK AVE APT 3', '7 ELM CT', '300 RIVER RD UNIT 12'];

export interface Sample {
  holder: LicenceHolder;
  issuer: (typeof issuers)[number];
}

/** Generated holders of licences and ID cards, seeded (the same every run). */
export function samples(count: number): Sample[] {
  const random = seededRandom(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const date = (from: number, span: number) => {
    const y = from + Math.floor(random() * span);
    return `${y}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  };
  return Array.from({ length: count }, (_, i) => {
    const issuer = issuers[i % issuers.length]!;
    const issue = date(2019, 6);
    const holder: LicenceHolder = {
      iin: issuer.iin,
      jurisdiction: { name: issuer.name, code: issuer.code },
      country: issuer.country,
      type: i % 3 === 2 ? 'ID' : 'DL',
      documentNumber: `${String.fromCharCode(65 + Math.floor(random() * 26))}${digits(8)}`,
      lastName: pick(lastNames),
      firstName: pick(firstNames),
      middleName: random() < 0.5 ? pick(firstNames) : undefined,
      dateOfBirth: date(1950, 55),
      dateOfIssue: issue,
      dateOfExpiry: `${Number(issue.slice(0, 4)) + 8}${issue.slice(4)}`,
      sex: random() < 0.5 ? 'F' : 'M',
      street: pick(streets),
      city: pick(['SPRINGFIELD', 'RIVERSIDE', 'FAIRVIEW', 'GREENVILLE']),
      postalCode: issuer.country === 'CAN' ? 'K1A0B1' : digits(5),
      vehicleClass: pick(['C', 'D', 'A', 'M']),
      restrictions: pick(['NONE', 'B', 'BC']),
      endorsements: pick(['NONE', 'M', 'H']),
    };
    return { holder, issuer };
  });
}

export const isoOf = (d: DateResult<unknown> | null) =>
  d?.successfullyParsed && d.year !== null ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null;

/** Fields compared: what a client reads from `data`, and the truth from the generated holder. */
export const fieldChecks: Array<{ name: string; got: (d: DocumentData) => string | null; want: (s: Sample) => string | null }> = [
  { name: 'lastName', got: (d) => d.lastName?.latin ?? null, want: (s) => s.holder.lastName },
  { name: 'firstName', got: (d) => d.firstName?.latin ?? null, want: (s) => [s.holder.firstName, s.holder.middleName].filter(Boolean).join(' ') },
  { name: 'documentNumber', got: (d) => d.documentNumber?.latin ?? null, want: (s) => s.holder.documentNumber },
  { name: 'dateOfBirth', got: (d) => isoOf(d.dateOfBirth), want: (s) => s.holder.dateOfBirth },
  { name: 'dateOfIssue', got: (d) => isoOf(d.dateOfIssue), want: (s) => s.holder.dateOfIssue },
  { name: 'dateOfExpiry', got: (d) => isoOf(d.dateOfExpiry), want: (s) => s.holder.dateOfExpiry },
  { name: 'sex', got: (d) => d.sex?.latin ?? null, want: (s) => s.holder.sex },
  { name: 'address (city)', got: (d) => d.address?.latin?.split(', ')[1] ?? null, want: (s) => s.holder.city },
  {
    name: 'vehicleClass',
    got: (d) => d.driverLicenseDetailedInfo?.vehicleClass?.latin ?? null,
    want: (s) => (s.holder.type === 'ID' ? null : (s.holder.vehicleClass ?? null)),
  },
  {
    name: 'restrictions',
    got: (d) => d.driverLicenseDetailedInfo?.restrictions?.latin ?? null,
    want: (s) => (s.holder.type === 'ID' ? null : (s.holder.restrictions ?? null)),
  },
  {
    name: 'documentClassInfo',
    got: (d) => (d.documentClassInfo ? `${d.documentClassInfo.country}/${d.documentClassInfo.region}/${d.documentClassInfo.type}` : null),
    want: (s) => `${s.issuer.country === 'USA' ? 'COUNTRY_USA' : 'COUNTRY_CANADA'}/${s.issuer.region}/TYPE_${s.holder.type}`,
  },
];

export const licencePhotoVariants: PhotoVariant[] = [
  { name: 'as rendered', make: async (b) => b },
  { name: 'turned 90°', make: (b) => sharp(b).rotate(90).png().toBuffer() },
  { name: 'blurred (σ 1.5)', make: (b) => sharp(b).blur(1.5).png().toBuffer() },
  ...captureVariants,
];

interface Tally {
  documents: number;
  valid: number;
  allCorrect: number;
  wrongButValid: number;
  fields: Record<string, { correct: number; wrong: number; missing: number }>;
  ms: number[];
}

const newTally = (): Tally => ({ documents: 0, valid: 0, allCorrect: 0, wrongButValid: 0, fields: {}, ms: [] });

async function post(ctx: EvalContext, body: unknown): Promise<{ data: DocumentData | null; ms: number }> {
  const t = performance.now();
  const res = await ctx.post('/document-multi-side', body);
  return { data: res.status === 200 ? (res.json.data as DocumentData) : null, ms: performance.now() - t };
}

export const documentsBarcodeEval: EvalSuite = async (ctx) => {
  const set = samples(12);
  const rendered = await Promise.all(
    set.map(async (s) => ({ sample: s, front: await framePng(await renderLicenceFront(s.holder)), back: await framePng(await renderLicenceBack(s.holder)) })),
  );
  const tallies = new Map<string, Tally>();
  const overall = newTally();
  const failures: string[] = [];
  for (const variant of licencePhotoVariants) {
    const tally = newTally();
    tallies.set(variant.name, tally);
    for (const { sample, front, back } of rendered) {
      const body = {
        imageFirstSide: { imageBase64: (await variant.make(front)).toString('base64') },
        imageSecondSide: { imageBase64: (await variant.make(back)).toString('base64') },
      };
      const { data, ms } = await post(ctx, body);
      let allCorrect = true;
      let wrong = 0;
      for (const check of fieldChecks) {
        const want = check.want(sample);
        const got = data ? check.got(data) : null;
        const outcome = got === want ? 'correct' : got === null ? 'missing' : 'wrong';
        for (const t of [tally, overall]) {
          t.fields[check.name] ??= { correct: 0, wrong: 0, missing: 0 };
          t.fields[check.name]![outcome]++;
        }
        if (outcome !== 'correct') allCorrect = false;
        if (outcome === 'wrong') {
          wrong++;
          failures.push(`${variant.name} ${sample.holder.documentNumber} ${check.name}: got ${got}, want ${want}`);
        }
      }
      const valid = data?.recognitionStatus === 'VALID';
      for (const t of [tally, overall]) {
        t.documents++;
        t.valid += valid ? 1 : 0;
        t.allCorrect += allCorrect ? 1 : 0;
        t.wrongButValid += valid ? wrong : 0;
        t.ms.push(ms);
      }
    }
  }

  // The corpus's real licence back (Ohio sample), alone and behind a front-less first image.
  const corpus: Array<{ name: string; ok: boolean; detail: string }> = [];
  const ohioPath = path.join(ctx.corpusDir, 'aamva', 'images', 'yushulx_driver-license-sample.jpg');
  const ohio = await readFile(ohioPath).catch(() => null);
  if (ohio) {
    for (const [name, bytes] of [
      ['as photographed', ohio],
      ...(await Promise.all(captureVariants.map(async (v) => [v.name, await v.make(ohio)] as const))),
    ] as const) {
      const res = await ctx.post('/document-single-side', { image: { imageBase64: bytes.toString('base64') } });
      const d = res.json?.data as DocumentData | undefined;
      const got = d
        ? [
            d.lastName?.latin,
            d.firstName?.latin,
            d.documentNumber?.latin,
            isoOf(d.dateOfBirth),
            isoOf(d.dateOfExpiry),
            d.documentClassInfo?.region,
            d.documentClassInfo?.type,
          ]
        : [];
      const want = ['DOE', 'JANE', 'AB123456', '1990-09-16', '2021-01-21', 'REGION_OHIO', 'TYPE_DL'];
      corpus.push({ name, ok: JSON.stringify(got) === JSON.stringify(want), detail: `${d?.recognitionStatus ?? res.status}: ${got.join(' | ')}` });
    }
  }

  const fieldRows = Object.entries(overall.fields).map(([name, f]) => [
    name,
    `${f.correct}/${overall.documents}`,
    percent(f.correct, overall.documents),
    f.wrong,
    f.missing,
  ]);
  return {
    suite: 'documents-barcode',
    metrics: {
      documents: overall.documents,
      valid: overall.valid,
      allFieldsCorrect: overall.allCorrect,
      wrongButValidFields: overall.wrongButValid,
      medianMsPerTwoSidedDocument: Math.round(median(overall.ms)),
      fields: overall.fields,
      variants: Object.fromEntries(
        [...tallies].map(([name, t]) => [
          name,
          { documents: t.documents, valid: t.valid, allCorrect: t.allCorrect, wrongButValid: t.wrongButValid, medianMs: Math.round(median(t.ms)) },
        ]),
      ),
      corpus,
    },
    markdown: [
      `${set.length} generated two-sided licences and ID cards (${issuers.length} jurisdictions, US and Canada), each posted to \`/document-multi-side\` (front + back) in ${licencePhotoVariants.length} forms: ${overall.documents} documents.`,
      '',
      ...table(
        ['form', 'VALID', 'every field correct', 'wrong fields in VALID answers', 'median ms'],
        [...tallies].map(([name, t]) => [name, `${t.valid}/${t.documents}`, `${t.allCorrect}/${t.documents}`, t.wrongButValid, Math.round(median(t.ms))]),
      ),
      '',
      ...table(['field', 'correct', '%', 'wrong', 'missing'], fieldRows),
      '',
      `Wrong-but-confident fields (returned, wrong, in a VALID answer): **${overall.wrongButValid}**. Median time per two-sided document: **${Math.round(median(overall.ms))} ms**.`,
      ...(failures.length ? ['', 'Wrong fields:', ...failures.slice(0, 20).map((f) => `- ${f}`)] : []),
      '',
      'Real licence back (corpus `aamva/images`, Ohio sample) via `/document-single-side`:',
      '',
      ...table(
        ['form', 'all 7 fields correct', 'answer'],
        corpus.map((c) => [c.name, c.ok ? 'yes' : 'no', c.detail]),
      ),
    ],
  } satisfies SuiteReport;
};
