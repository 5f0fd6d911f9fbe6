// Printed (visual zone) fields, through `/document-single-side` as a client would post them:
// - fronts of generated US and Canadian licences and ID cards (no barcode, no MRZ on that side) in
//   the forms a capture gives them;
// - the corpus's document templates filled with generated holders (accents, several date formats,
//   labels in several languages), photographed per transform family;
// - the real MRZ documents of id-specimens: the printed dates and number against the MRZ's, by
//   `dataMatch` with no mismatch allowed (MATCH: print read as the MRZ says; MISMATCH: print read wrong).
// Every field is counted correct, wrong (returned but not the truth) or missing; wrong is the number to keep at zero.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentData } from '@idlens/sdk/api';
import { median } from '../bench/bench-context.ts';
import { documentScene, pointOnScene, type TransformFamily } from '../support/document-scene.ts';
import { renderLicenceFront } from '../support/licence-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import { printedHolders, printedTemplates, renderTemplateDocument, type PrintedTruth, type TemplateDocument } from '../support/template-documents.ts';
import { fieldChecks, isoOf, licencePhotoVariants, samples } from './documents-barcode.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';

/** `accents`: right but for accents the general line reader does not know (Ö read as O). */
type Outcome = 'correct' | 'accents' | 'wrong' | 'missing';
type Tally = Record<string, Record<Outcome, number>>;

/** Holders per template side; transform families each document is photographed in. */
const holdersPerSide = 2;
const families: TransformFamily[] = ['upright', 'rotation', 'perspective', 'scale', 'clutter'];

/** Names compared as a reader sees them: capitals, single spaces (print keeps accents). */
export const name = (s: string | null | undefined) => (s ? s.toUpperCase().replace(/\s+/g, ' ').trim() : null);

/** Template fields compared: what the client reads from `data` against the printed truth. */
export const templateChecks: Array<{ field: keyof PrintedTruth; got: (d: DocumentData) => string | null }> = [
  { field: 'lastName', got: (d) => name(d.lastName?.latin) },
  { field: 'firstName', got: (d) => name(d.firstName?.latin) },
  { field: 'additionalNameInformation', got: (d) => name(d.additionalNameInformation?.latin) },
  { field: 'dateOfBirth', got: (d) => isoOf(d.dateOfBirth) },
  { field: 'placeOfBirth', got: (d) => name(d.placeOfBirth?.latin) },
  { field: 'nationality', got: (d) => name(d.nationality?.latin) },
  { field: 'sex', got: (d) => d.sex?.latin ?? null },
  { field: 'documentNumber', got: (d) => d.documentNumber?.latin ?? null },
  { field: 'personalIdNumber', got: (d) => d.personalIdNumber?.latin ?? null },
  { field: 'dateOfIssue', got: (d) => isoOf(d.dateOfIssue) },
  { field: 'dateOfExpiry', got: (d) => isoOf(d.dateOfExpiry) },
  { field: 'issuingAuthority', got: (d) => name(d.issuingAuthority?.latin) },
];

function count(tally: Tally, field: string, want: string | null, got: string | null): Outcome {
  const outcome: Outcome = got === want ? 'correct' : got === null ? 'missing' : want !== null && unaccented(got) === unaccented(want) ? 'accents' : 'wrong';
  tally[field] ??= { correct: 0, accents: 0, wrong: 0, missing: 0 };
  tally[field]![outcome]++;
  return outcome;
}

const unaccented = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[Øø]/g, 'O');
const totalOf = (t: Record<Outcome, number>) => t.correct + t.accents + t.wrong + t.missing;
const rowsOf = (tally: Tally) =>
  Object.entries(tally).map(([field, t]) => [field, `${t.correct}/${totalOf(t)}`, percent(t.correct, totalOf(t)), t.accents, t.wrong, t.missing]);
const wrongIn = (tally: Tally) => Object.values(tally).reduce((sum, t) => sum + t.wrong, 0);

async function read(ctx: EvalContext, png: Buffer, extra: Record<string, unknown> = {}): Promise<{ data: DocumentData | null; ms: number }> {
  const t = performance.now();
  const res = await ctx.post('/document-single-side', { image: { imageBase64: png.toString('base64') }, ...extra });
  return { data: res.status === 200 ? (res.json.data as DocumentData) : null, ms: performance.now() - t };
}

export const printedFieldsEval: EvalSuite = async (ctx) => {
  const failures: string[] = [];
  const ms: number[] = [];

  // 1. Licence fronts: the fields a front prints (class by its printed title and jurisdiction).
  const licences: Tally = {};
  const licenceStatus = { valid: 0, documents: 0 };
  const fronts = await Promise.all(samples(12).map(async (s) => ({ sample: s, png: await framePng(await renderLicenceFront(s.holder)) })));
  for (const variant of licencePhotoVariants) {
    for (const { sample, png } of fronts) {
      const { data, ms: took } = await read(ctx, await variant.make(png));
      ms.push(took);
      licenceStatus.documents++;
      if (data?.recognitionStatus === 'VALID') licenceStatus.valid++;
      for (const check of fieldChecks) {
        const want = check.want(sample);
        const got = data ? check.got(data) : null;
        if (count(licences, check.name, want, got) === 'wrong') failures.push(`licence ${variant.name} ${check.name}: got ${got}, want ${want}`);
      }
    }
  }

  // 2. Template documents per transform family.
  // Each side signed by one holder and left unsigned by the other (signatureImage: found and placed / found where blank).
  const documents: Array<TemplateDocument & { signed: boolean }> = [];
  const holders = printedHolders(printedTemplates.length * 2 * holdersPerSide);
  let h = 0;
  for (const template of printedTemplates) {
    for (const side of ['front', 'back'] as const) {
      for (let k = 0; k < holdersPerSide; k++) {
        const signed = k % 2 === 0;
        const doc = await renderTemplateDocument(ctx.corpusDir, template, side, holders[h++]!, { signature: signed ? 'signed' : 'blank' });
        if (doc && Object.keys(doc.truth).length > 0) documents.push({ ...doc, signed });
      }
    }
  }
  const signatures = { signed: 0, placed: 0, blank: 0, falseFound: 0 };
  const templatesTally: Tally = {};
  const byFamily = new Map<string, { correct: number; accents: number; fields: number; wrong: number; typeRight: number; documents: number }>();
  let seed = 0;
  for (const family of families) {
    const f = { correct: 0, accents: 0, fields: 0, wrong: 0, typeRight: 0, documents: 0 };
    byFamily.set(family, f);
    for (const doc of documents) {
      const scene = await documentScene(doc.frame, { family, seed: 7000 + seed++ });
      const { data, ms: took } = await read(ctx, await framePng(scene.frame), { returnSignatureImage: true });
      ms.push(took);
      f.documents++;
      const signature = data?.signatureImage ?? null;
      if (doc.signatureAt && doc.signatureLabelled && doc.signed) {
        signatures.signed++;
        // Placed: the returned box holds a point a little into the written name (its baseline's start is the slot's anchor).
        const p = pointOnScene(scene, doc.frame, { x: doc.signatureAt.x + 20, y: doc.signatureAt.y });
        const at = signature?.location;
        if (at)
          signatures.placed += +(
            p.x >= at.topLeftCorner.x &&
            p.x <= at.topLeftCorner.x + at.dimensions.width &&
            p.y >= at.topLeftCorner.y &&
            p.y <= at.topLeftCorner.y + at.dimensions.height + 10
          );
      } else {
        signatures.blank++;
        if (signature) {
          signatures.falseFound++;
          failures.push(`${doc.name} ${family}: a signature where none is written`);
        }
      }
      if (data?.documentClassInfo?.type === doc.type) f.typeRight++;
      for (const check of templateChecks) {
        const want = doc.truth[check.field];
        if (want === undefined) continue;
        const truth = check.field.startsWith('date') || check.field === 'sex' || check.field.endsWith('Number') ? want : name(want);
        const got = data ? check.got(data) : null;
        const outcome = count(templatesTally, check.field, truth, got);
        f.fields++;
        if (outcome === 'correct') f.correct++;
        if (outcome === 'accents') f.accents++;
        if (outcome === 'wrong') {
          f.wrong++;
          failures.push(`${doc.name} ${family} ${check.field}: got ${got}, want ${truth}`);
        }
      }
    }
  }

  // 3. Real MRZ documents: printed dates and number against the MRZ's.
  const manifest = JSON.parse(await readFile(path.join(ctx.corpusDir, 'id-specimens', 'manifest.json'), 'utf8')) as Array<{
    file: string;
    expected: { mrz_format: string | null };
  }>;
  const real: Record<'dateOfBirth' | 'dateOfExpiry' | 'documentNumber', Record<string, number>> = { dateOfBirth: {}, dateOfExpiry: {}, documentNumber: {} };
  for (const entry of manifest.filter((e) => e.expected.mrz_format)) {
    const bytes = await readFile(path.join(ctx.corpusDir, 'id-specimens', entry.file));
    const { data } = await read(ctx, bytes, { maxAllowedMismatchesPerField: 0 });
    for (const field of Object.keys(real) as Array<keyof typeof real>) {
      const state = data?.mrzData?.verified ? (data.dataMatch?.[field] ?? 'NOT_PERFORMED') : 'no checked MRZ';
      real[field][state] = (real[field][state] ?? 0) + 1;
      if (state === 'MISMATCH') failures.push(`id-specimens ${entry.file} ${field}: printed value differs from the MRZ`);
    }
  }

  const allFields = Object.values(templatesTally).reduce((s, t) => s + totalOf(t), 0);
  const allCorrect = Object.values(templatesTally).reduce((s, t) => s + t.correct, 0);
  return {
    suite: 'printed',
    metrics: {
      licenceFronts: { documents: licenceStatus.documents, valid: licenceStatus.valid, fields: licences, wrong: wrongIn(licences) },
      templates: {
        documents: documents.length * families.length,
        fields: templatesTally,
        wrong: wrongIn(templatesTally),
        byFamily: Object.fromEntries(byFamily),
      },
      realMrzDocuments: real,
      signatures,
      medianMsPerSide: Math.round(median(ms)),
    },
    markdown: [
      `**Licence fronts** (no barcode, no MRZ): ${fronts.length} generated US and Canadian licences and ID cards in ${licencePhotoVariants.length} forms, ${licenceStatus.documents} photos, VALID ${licenceStatus.valid}.`,
      '',
      ...table(['field', 'correct', '%', 'accents lost', 'wrong', 'missing'], rowsOf(licences)),
      '',
      `**Template documents**: ${documents.length} sides of the corpus's templates (${printedTemplates.length} templates, ${holdersPerSide} holders each) in ${families.length} transform families: fields correct ${allCorrect}/${allFields} (${percent(allCorrect, allFields)}).`,
      '',
      ...table(
        ['family', 'fields correct', '%', 'accents lost', 'wrong', 'document type'],
        [...byFamily].map(([family, f]) => [
          family,
          `${f.correct}/${f.fields}`,
          percent(f.correct, f.fields),
          f.accents,
          f.wrong,
          `${f.typeRight}/${f.documents}`,
        ]),
      ),
      '',
      ...table(['field', 'correct', '%', 'accents lost', 'wrong', 'missing'], rowsOf(templatesTally)),
      '',
      `**Signatures** (\`returnSignatureImage\`; the templates whose layout labels a signature slot, signed with the holder's name): placed ${signatures.placed} of ${signatures.signed} signed; found on ${signatures.falseFound} of ${signatures.blank} sides with no labelled signature written (blank slots, layouts without a labelled one).`,
      '',
      '**Real MRZ documents** (id-specimens): the printed value against the checked MRZ, `dataMatch` with no mismatch allowed.',
      '',
      ...table(
        ['field', 'MATCH (print read as the MRZ)', 'MISMATCH (print read wrong)', 'NOT_PERFORMED (print not read)', 'no checked MRZ'],
        Object.entries(real).map(([field, s]) => [field, s.MATCH ?? 0, s.MISMATCH ?? 0, s.NOT_PERFORMED ?? 0, s['no checked MRZ'] ?? 0]),
      ),
      '',
      `Wrong printed fields: licence fronts **${wrongIn(licences)}**, templates **${wrongIn(templatesTally)}**. Median time per side: **${Math.round(median(ms))} ms**.`,
      ...(failures.length ? ['', 'Wrong fields (first 40):', ...failures.slice(0, 40).map((f) => `- ${f}`)] : []),
    ],
  } satisfies SuiteReport;
};
