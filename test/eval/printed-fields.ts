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
import { fallbackFamily } from '../support/fonts.ts';
import { printedHolders, printedTemplates, renderTemplateDocument, type PrintedTruth, type TemplateDocument } from '../support/template-documents.ts';
import { proceduralDocument } from '../support/procedural/procedural-document.ts';
import { countryOf } from '../../packages/sdk/src/engine/mrz/icao-countries.ts';
import { fieldChecks, isoOf, licencePhotoVariants, samples } from './documents-barcode.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { sideTracer, tracedSidesMarkdown } from './stage-traces.ts';

/**
 * `accents`: right but for accents (Ö read as O) — a wrong value all the same, counted apart to tell
 * reading from assignment; `uncertain`: returned, and the result says it is in doubt
 * (`additionalProcessingInfo.invalidCharacterFields`).
 */
type Outcome = 'correct' | 'uncertain' | 'accents' | 'wrong' | 'missing';
type Tally = Record<string, Record<Outcome, number>>;

/** Holders per template side; transform families each document is photographed in. */
const holdersPerSide = 2;

/**
 * The template sides this eval reads, in its order: every side of every template filled with
 * `holdersPerSide` holders, the first signed and the second left blank (signatureImage: found and
 * placed / found where blank); sides that print no checked field are left out.
 */
export async function templateEvalSides(corpusDir: string): Promise<Array<TemplateDocument & { signed: boolean }>> {
  const sides: Array<TemplateDocument & { signed: boolean }> = [];
  const holders = printedHolders(printedTemplates.length * 2 * holdersPerSide);
  let h = 0;
  for (const template of printedTemplates) {
    for (const side of ['front', 'back'] as const) {
      for (let k = 0; k < holdersPerSide; k++) {
        const signed = k % 2 === 0;
        const doc = await renderTemplateDocument(corpusDir, template, side, holders[h++]!, { signature: signed ? 'signed' : 'blank' });
        if (doc && Object.keys(doc.truth).length > 0) sides.push({ ...doc, signed });
      }
    }
  }
  return sides;
}

/** Generated layouts read (each photographed in one family, in turn), from seeds no training or calibration used. */
const generatedDocuments = 60;
const generatedSeeds = 300_001;
/** A returned document type against the truth: right, none named (absent or TYPE_NONE), or another type — wrong. */
function typeOutcome(got: string | null | undefined, want: string): 'right' | 'none' | 'wrong' {
  if (got === want) return 'right';
  return !got || got === 'TYPE_NONE' ? 'none' : 'wrong';
}

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

/** Each printed field of a document's truth with what the result gave for it, and whether the result doubted it. */
function printedChecks(printed: Partial<PrintedTruth>, data: DocumentData | null | undefined) {
  const doubted = new Set<string>(data?.additionalProcessingInfo?.invalidCharacterFields ?? []);
  return templateChecks.flatMap((check) => {
    const want = printed[check.field];
    if (want === undefined) return [];
    const truth = check.field.startsWith('date') || check.field === 'sex' || check.field.endsWith('Number') ? want : name(want);
    return [{ field: check.field, truth, got: data ? check.got(data) : null, doubted: doubted.has(check.field) }];
  });
}

/**
 * Fields the result fills, undoubted, that the side does not print (its truth has none): a value read
 * out of nothing — upside-down print, a pattern — which the per-field tallies above never see.
 */
function spuriousFields(printed: Partial<PrintedTruth>, data: DocumentData | null | undefined): Array<{ field: string; got: string }> {
  if (!data) return [];
  const doubted = new Set<string>(data.additionalProcessingInfo?.invalidCharacterFields ?? []);
  return templateChecks.flatMap((check) => {
    const got = check.got(data);
    return printed[check.field] === undefined && got !== null && !doubted.has(check.field) ? [{ field: check.field, got }] : [];
  });
}

function count(tally: Tally, field: string, want: string | null, got: string | null, doubted = false): Outcome {
  const outcome: Outcome =
    got === null ? 'missing' : doubted ? 'uncertain' : got === want ? 'correct' : want !== null && unaccented(got) === unaccented(want) ? 'accents' : 'wrong';
  tally[field] ??= { correct: 0, uncertain: 0, accents: 0, wrong: 0, missing: 0 };
  tally[field]![outcome]++;
  return outcome;
}

const unaccented = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[Øø]/g, 'O');
const totalOf = (t: Record<Outcome, number>) => t.correct + t.uncertain + t.accents + t.wrong + t.missing;
const rowsOf = (tally: Tally) =>
  Object.entries(tally).map(([field, t]) => [field, `${t.correct}/${totalOf(t)}`, percent(t.correct, totalOf(t)), t.uncertain, t.accents, t.wrong, t.missing]);
/** Wrong values: read wrong outright or with accents lost. */
const wrongIn = (tally: Tally) => Object.values(tally).reduce((sum, t) => sum + t.wrong + t.accents, 0);
/** The whole of a tally: per outcome, over its fields. */
const sumOf = (tally: Tally): Record<Outcome, number> =>
  Object.values(tally).reduce(
    (a, t) => ({
      correct: a.correct + t.correct,
      uncertain: a.uncertain + t.uncertain,
      accents: a.accents + t.accents,
      wrong: a.wrong + t.wrong,
      missing: a.missing + t.missing,
    }),
    { correct: 0, uncertain: 0, accents: 0, wrong: 0, missing: 0 },
  );
/** A row of the per-layout tables: fields, exact, uncertain, wrong (accents lost included), missing — counts and shares. */
const layoutRow = (name: string, tally: Tally, extra: Array<string | number> = []) => {
  const t = sumOf(tally);
  const n = totalOf(t);
  return [name, n, `${t.correct} (${percent(t.correct, n)})`, t.uncertain, `${t.wrong + t.accents} (${percent(t.wrong + t.accents, n)})`, t.missing, ...extra];
};

/**
 * Requests the server did not answer with a result (status and error code), for the report: a side
 * that timed out or was refused counts its fields missing, and the report must say why.
 */
const unanswered: string[] = [];

async function read(ctx: EvalContext, png: Buffer, extra: Record<string, unknown> = {}): Promise<{ data: DocumentData | null; ms: number }> {
  const t = performance.now();
  const res = await ctx.post('/document-single-side', { image: { imageBase64: png.toString('base64') }, ...extra });
  if (res.status !== 200) unanswered.push(`${res.status} ${(res.json as { error?: { code?: string } } | null)?.error?.code ?? ''}`.trim());
  return { data: res.status === 200 ? (res.json.data as DocumentData) : null, ms: performance.now() - t };
}

/** Sides with a wrong field read again with their stages traced, for the report (the first this many). */
const tracedSides = 12;

export const printedFieldsEval: EvalSuite = async (ctx) => {
  const failures: string[] = [];
  const ms: number[] = [];
  unanswered.length = 0;
  const tracer = sideTracer(ctx.engine, tracedSides);

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
  const documents = await templateEvalSides(ctx.corpusDir);
  const signatures = { signed: 0, placed: 0, blank: 0, falseFound: 0 };
  const templatesTally: Tally = {};
  /** Undoubted values for fields a side does not print (`spuriousFields`). */
  const spurious = { templates: 0, generated: 0, generatedWithSecurityPrint: 0, generatedWithFineLabels: 0 };
  const byLayout = new Map<string, { tally: Tally; typeRight: number; typeWrong: number; documents: number }>();
  // The goal is per document type (identity card, passport, residence permit): each set's tally by the side's true type.
  const byDocumentType = {
    templates: new Map<string, Tally>(),
    generated: new Map<string, Tally>(),
    'generated, security print': new Map<string, Tally>(),
    'generated, fine-print labels': new Map<string, Tally>(),
  };
  const tallyOfType = (set: keyof typeof byDocumentType, type: string) => {
    const tally = byDocumentType[set].get(type) ?? {};
    byDocumentType[set].set(type, tally);
    return tally;
  };
  const byFamily = new Map<
    string,
    { correct: number; accents: number; fields: number; wrong: number; typeRight: number; typeWrong: number; documents: number }
  >();
  let seed = 0;
  for (const family of families) {
    const f = { correct: 0, accents: 0, fields: 0, wrong: 0, typeRight: 0, typeWrong: 0, documents: 0 };
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
      const layout = byLayout.get(doc.name) ?? { tally: {}, typeRight: 0, typeWrong: 0, documents: 0 };
      byLayout.set(doc.name, layout);
      layout.documents++;
      const type = typeOutcome(data?.documentClassInfo?.type, doc.type);
      if (type === 'right') {
        f.typeRight++;
        layout.typeRight++;
      } else if (type === 'wrong') {
        f.typeWrong++;
        layout.typeWrong++;
        failures.push(`${doc.name} ${family} type: got ${data?.documentClassInfo?.type}, want ${doc.type}`);
      }
      for (const { field, got } of spuriousFields(doc.truth, data)) {
        spurious.templates++;
        failures.push(`${doc.name} ${family} ${field}: got ${got}, the side prints none`);
      }
      const wrongHere: string[] = [];
      for (const { field, truth, got, doubted } of printedChecks(doc.truth, data)) {
        count(layout.tally, field, truth, got, doubted);
        count(tallyOfType('templates', doc.type), field, truth, got, doubted);
        const outcome = count(templatesTally, field, truth, got, doubted);
        f.fields++;
        if (outcome === 'correct') f.correct++;
        if (outcome === 'accents') f.accents++;
        if (outcome === 'wrong' || outcome === 'accents') wrongHere.push(`${field}: ${got} (${truth})`);
        if (outcome === 'wrong') {
          f.wrong++;
          failures.push(`${doc.name} ${family} ${field}: got ${got}, want ${truth}`);
        }
      }
      await tracer.trace(`${doc.name} ${family}`, scene.frame, wrongHere);
    }
  }

  // 2b. Layouts drawn at random by the procedural generator, from seeds never used to train or
  // calibrate the field assigner (training 1–4200, calibration 100001–100600, threshold checks 200001–200300; see models/training).
  // Read three times: as generated, then the same layouts with security print over their fields
  // (security-print.ts), then with their labels in fine print — print the generator draws only on request.
  type GeneratedFamily = { tally: Tally; typeRight: number; typeWrong: number; countryRight: number; countries: number; documents: number };
  const readGeneratedLayouts = async (set: 'generated' | 'generated, security print' | 'generated, fine-print labels') => {
    const tally: Tally = {};
    const byGeneratedFamily = new Map<string, GeneratedFamily>();
    const options = { securityPrint: set === 'generated, security print', fineLabels: set === 'generated, fine-print labels' };
    const tag = options.securityPrint ? ' (security print)' : options.fineLabels ? ' (fine labels)' : '';
    let unprinted = 0;
    for (let k = 0; k < generatedDocuments; k++) {
      const seed = generatedSeeds + k;
      const doc = await proceduralDocument(seed, options);
      const family = families[k % families.length]!;
      const scene = await documentScene(doc.frame, { family, seed: 8000 + k });
      const { data, ms: took } = await read(ctx, await framePng(scene.frame));
      ms.push(took);
      const g = byGeneratedFamily.get(family) ?? { tally: {}, typeRight: 0, typeWrong: 0, countryRight: 0, countries: 0, documents: 0 };
      byGeneratedFamily.set(family, g);
      g.documents++;
      const type = typeOutcome(data?.documentClassInfo?.type, doc.type);
      if (type === 'right') g.typeRight++;
      if (type === 'wrong') {
        g.typeWrong++;
        failures.push(`${doc.layout}${tag} ${family} type: got ${data?.documentClassInfo?.type}, want ${doc.type}`);
      }
      if (doc.country) {
        g.countries++;
        if (data?.documentClassInfo?.country === countryOf(doc.country)) g.countryRight++;
      }
      for (const { field, got } of spuriousFields(doc.truth, data)) {
        unprinted++;
        failures.push(`${doc.layout}${tag} ${family} ${field}: got ${got}, the side prints none`);
      }
      const wrongHere: string[] = [];
      for (const { field, truth, got, doubted } of printedChecks(doc.truth, data)) {
        count(g.tally, field, truth, got, doubted);
        count(tallyOfType(set, doc.type), field, truth, got, doubted);
        const outcome = count(tally, field, truth, got, doubted);
        if (outcome === 'wrong' || outcome === 'accents') wrongHere.push(`${field}: ${got} (${truth})`);
        if (outcome === 'wrong') failures.push(`${doc.layout}${tag} ${family} ${field}: got ${got}, want ${truth}`);
      }
      await tracer.trace(`${doc.layout}${tag} ${family}`, scene.frame, wrongHere);
    }
    return { tally, byFamily: byGeneratedFamily, unprinted };
  };
  /** A generated set's metrics: its seeds, its fields' tally, and the tally of each transform family. */
  const generatedSetMetrics = (tally: Tally, byFamily: Map<string, GeneratedFamily>) => ({
    documents: generatedDocuments,
    seeds: [generatedSeeds, generatedSeeds + generatedDocuments - 1],
    fields: tally,
    wrong: wrongIn(tally),
    byFamily: Object.fromEntries([...byFamily].map(([family, { tally: own, ...counts }]) => [family, { ...sumOf(own), ...counts }])),
  });
  /** A generated set's report: its heading, a row per transform family, then a row per field. */
  const generatedSetMarkdown = (heading: string, byFamily: Map<string, GeneratedFamily>, tally: Tally) => [
    heading,
    '',
    ...table(
      ['family', 'fields', 'exact', 'uncertain', 'wrong', 'missing', 'type right', 'type wrong', 'country right'],
      [...byFamily].map(([family, g]) => layoutRow(family, g.tally, [`${g.typeRight}/${g.documents}`, g.typeWrong, `${g.countryRight}/${g.countries}`])),
    ),
    '',
    ...table(['field', 'correct', '%', 'uncertain', 'accents lost', 'wrong', 'missing'], rowsOf(tally)),
    '',
  ];
  const { tally: generated, byFamily: generatedByFamily, unprinted: generatedUnprinted } = await readGeneratedLayouts('generated');
  spurious.generated = generatedUnprinted;
  const securityPrinted = await readGeneratedLayouts('generated, security print');
  spurious.generatedWithSecurityPrint = securityPrinted.unprinted;
  const fineLabelled = await readGeneratedLayouts('generated, fine-print labels');
  spurious.generatedWithFineLabels = fineLabelled.unprinted;

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
        byLayout: Object.fromEntries(
          [...byLayout].map(([layout, l]) => [layout, { ...sumOf(l.tally), typeRight: l.typeRight, typeWrong: l.typeWrong, documents: l.documents }]),
        ),
      },
      generatedLayouts: generatedSetMetrics(generated, generatedByFamily),
      generatedLayoutsWithSecurityPrint: generatedSetMetrics(securityPrinted.tally, securityPrinted.byFamily),
      generatedLayoutsWithFineLabels: generatedSetMetrics(fineLabelled.tally, fineLabelled.byFamily),
      byDocumentType: Object.fromEntries(
        Object.entries(byDocumentType).map(([set, types]) => [set, Object.fromEntries([...types].map(([type, tally]) => [type, sumOf(tally)]))]),
      ),
      realMrzDocuments: real,
      signatures,
      spurious,
      medianMsPerSide: Math.round(median(ms)),
      unanswered,
    },
    markdown: [
      `**Licence fronts** (no barcode, no MRZ): ${fronts.length} generated US and Canadian licences and ID cards in ${licencePhotoVariants.length} forms, ${licenceStatus.documents} photos, VALID ${licenceStatus.valid}.`,
      '',
      ...table(['field', 'correct', '%', 'uncertain', 'accents lost', 'wrong', 'missing'], rowsOf(licences)),
      '',
      `**Template documents**: ${documents.length} sides of the corpus's templates (${printedTemplates.length} templates, ${holdersPerSide} holders each) in ${families.length} transform families, the typefaces they name that are not installed drawn in ${fallbackFamily}: fields correct ${allCorrect}/${allFields} (${percent(allCorrect, allFields)}).`,
      '',
      ...table(
        ['family', 'fields correct', '%', 'accents lost', 'wrong', 'document type right', 'type wrong'],
        [...byFamily].map(([family, f]) => [
          family,
          `${f.correct}/${f.fields}`,
          percent(f.correct, f.fields),
          f.accents,
          f.wrong,
          `${f.typeRight}/${f.documents}`,
          f.typeWrong,
        ]),
      ),
      '',
      ...table(['field', 'correct', '%', 'uncertain', 'accents lost', 'wrong', 'missing'], rowsOf(templatesTally)),
      '',
      '**Per held-out layout** (the corpus templates: no template, and no layout derived from one, is used to train or calibrate the field assigner — it learns from the procedural generator alone; wrong includes values with accents lost):',
      '',
      ...table(
        ['layout', 'fields', 'exact', 'uncertain', 'wrong', 'missing', 'type right', 'type wrong'],
        [...byLayout].map(([layout, l]) => layoutRow(layout, l.tally, [`${l.typeRight}/${l.documents}`, l.typeWrong])),
      ),
      '',
      ...generatedSetMarkdown(
        `**Generated layouts never seen** (procedural seeds ${generatedSeeds}–${generatedSeeds + generatedDocuments - 1}; the assigner trained on seeds 1–4200 and its thresholds were chosen on 100001–100600), one transform family each:`,
        generatedByFamily,
        generated,
      ),
      ...generatedSetMarkdown(
        `**The same generated layouts with security print** over their fields (\`IDLENS_GENERATOR_FURNITURE=rich\`, test/support/procedural/security-print.ts: a coloured wash, microtext ribbons, monograms, giant letters, seals, a stamp, light type on a dark panel — print no shipped model learned from), one transform family each:`,
        securityPrinted.byFamily,
        securityPrinted.tally,
      ),
      ...generatedSetMarkdown(
        `**The same generated layouts with fine-print labels** (\`IDLENS_GENERATOR_LABELS=fine\`: labels 7–11 px per 1000 px of width, a third to half the values' size, as passports print their multilingual captions — the reader garbles many, so fields are placed with few labels read), one transform family each:`,
        fineLabelled.byFamily,
        fineLabelled.tally,
      ),
      '**Per document type** (the held-out sets; wrong includes values with accents lost):',
      '',
      ...table(
        ['set', 'document type', 'fields', 'exact', 'uncertain', 'wrong', 'missing'],
        Object.entries(byDocumentType).flatMap(([set, types]) =>
          [...types].sort(([a], [b]) => a.localeCompare(b)).map(([type, tally]) => [set, ...layoutRow(type, tally)]),
        ),
      ),
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
      `Wrong printed fields: licence fronts **${wrongIn(licences)}**, templates **${wrongIn(templatesTally)}**, generated layouts **${wrongIn(generated)}**, with security print **${wrongIn(securityPrinted.tally)}**, with fine-print labels **${wrongIn(fineLabelled.tally)}**. ` +
        `Values for fields a side does not print (undoubted): templates **${spurious.templates}**, generated layouts **${spurious.generated}**, with security print **${spurious.generatedWithSecurityPrint}**, with fine-print labels **${spurious.generatedWithFineLabels}**. Median time per side: **${Math.round(median(ms))} ms**. ` +
        `Requests not answered with a result (their fields count missing): **${unanswered.length}**${unanswered.length ? ` (${[...new Set(unanswered)].join(', ')})` : ''}.`,
      ...(failures.length ? ['', 'Wrong fields (first 40):', ...failures.slice(0, 40).map((f) => `- ${f}`)] : []),
      ...(tracer.traced.length
        ? [
            '',
            `Stage traces of the sides with a wrong value (first ${tracedSides}; wrong: \`field: got (want)\`; the side read again in this process, as the server reads it, with \`trace\`):`,
            ...tracedSidesMarkdown(tracer.traced),
          ]
        : []),
    ],
  } satisfies SuiteReport;
};
