/**
 * `tsx test/support/procedural/dump-printed-pages.ts <out.jsonl> <firstSeed> <count> [--templates]`:
 * reads documents as the engine reads print — photographed (a transform family per document), cut
 * out along their corners, text detected with the detector that reads print (PP-OCRv4's, the
 * cascade's second), lines read, dictionary labels matched — and writes one JSON line per document:
 * the page's lines and the truth of every printed field in page coordinates. The training data of
 * the field assigner (models/training/train_field_assigner.py) and its held-out checks come from
 * here; `--templates` dumps the corpus templates (the test set) the same way.
 */
import '../fonts.ts';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Frame } from '@idlens/sdk/engine';
import { dumpOcrEngine } from './dump-ocr-engine.ts';
import type { TransformFamily } from '../document-scene.ts';
import { familyOfSeed, pageMapping, readPhotographed } from './photographed-page.ts';
import { corpusDir } from '../paths.ts';
import { printedHolders, printedTemplates, renderTemplateDocument } from '../template-documents.ts';
import { type Box, proceduralDocument } from './procedural-document.ts';

/** A printed field's truth on the straightened page. */
export interface PageTruth {
  field: string;
  /** What a reader should return (null: printed, but no result field). */
  truth: string | null;
  printed: string;
  valueBox: Box | null;
  labelBox: Box | null;
}

/** One dumped document. */
export interface DumpedPage {
  layout: string;
  family: TransformFamily;
  width: number;
  height: number;
  numbering: string | null;
  dateOrder: string;
  titleType: string | null;
  country: string | null;
  lines: Array<{
    text: string;
    confidences: number[];
    positions: number[];
    /** Each character's runner-up reading as [char, p] (null: none). */
    runnerUps?: Array<[string, number] | null>;
    box: Box;
    segments: Array<{ field: string; labelStart: number; labelEnd: number; start: number; end: number }>;
  }>;
  truth: PageTruth[];
  type: string;
  trueCountry: string | null;
}

async function main(): Promise<void> {
  const [out, first = '1', count = '10'] = process.argv.slice(2);
  const source = process.argv.includes('--templates') ? 'templates' : 'procedural';
  if (!out) throw new Error('usage: dump-printed-pages.ts <out.jsonl> <firstSeed> <count> [--templates]');
  const ocr = await dumpOcrEngine();
  const stream = createWriteStream(path.resolve(out), { flags: 'a' });
  const docs = source === 'templates' ? templateDocuments() : proceduralDocuments(Number(first), Number(count));
  let n = 0;
  for await (const doc of docs) {
    const family = familyOfSeed(doc.seed);
    const read = await readPhotographed(ocr, doc.frame, doc.seed);
    const toPage = pageMapping(doc.frame, read.page);
    const dumped: DumpedPage = {
      layout: doc.layout,
      family,
      width: read.page.width,
      height: read.page.height,
      numbering: read.numbering,
      dateOrder: read.dateOrder,
      titleType: read.titleType,
      country: read.country,
      lines: read.lines.map((l) => ({
        text: l.text,
        confidences: l.confidences.map((c) => Math.round(c * 1000) / 1000),
        positions: l.positions.map((p) => Math.round(p * 1000) / 1000),
        runnerUps: l.runnerUps?.map((r) => (r ? [r.char, Math.round(r.p * 1000) / 1000] : null)),
        box: l.box,
        segments: l.segments.map((s) => ({ field: s.label.field, labelStart: s.label.start, labelEnd: s.label.end, start: s.start, end: s.end })),
      })),
      truth: doc.truth.map((t) => ({ ...t, valueBox: t.valueBox && toPage(t.valueBox), labelBox: t.labelBox && toPage(t.labelBox) })),
      type: doc.type,
      trueCountry: doc.country,
    };
    stream.write(`${JSON.stringify(dumped)}\n`);
    if (++n % 10 === 0) console.error(`${n} pages`);
  }
  await new Promise((resolve) => stream.end(resolve));
}

interface SourceDocument {
  seed: number;
  layout: string;
  frame: Frame;
  truth: PageTruth[];
  type: string;
  country: string | null;
}

async function* proceduralDocuments(first: number, count: number): AsyncGenerator<SourceDocument> {
  for (let seed = first; seed < first + count; seed++) {
    const doc = await proceduralDocument(seed);
    yield {
      seed,
      layout: doc.layout,
      frame: doc.frame,
      truth: doc.items.map((i) => ({ field: i.field, truth: i.truth, printed: i.printed, valueBox: i.valueBox, labelBox: i.labelBox })),
      type: doc.type,
      country: doc.country,
    };
  }
}

/** The corpus templates, each side filled with two generated holders (the printed-field eval's documents). */
async function* templateDocuments(): AsyncGenerator<SourceDocument> {
  const holders = printedHolders(printedTemplates.length * 4);
  let k = 0;
  for (const template of printedTemplates) {
    for (const side of ['front', 'back'] as const) {
      for (let h = 0; h < 2; h++) {
        const doc = await renderTemplateDocument(corpusDir(), template, side, holders[k++]!, { signature: h === 0 ? 'signed' : 'blank' });
        if (!doc || Object.keys(doc.truth).length === 0) continue;
        yield {
          seed: k,
          layout: `${template}/${side}`,
          frame: doc.frame,
          truth: Object.entries(doc.truth).map(([field, truth]) => ({ field, truth: truth ?? null, printed: truth ?? '', valueBox: null, labelBox: null })),
          type: doc.type,
          country: null,
        };
      }
    }
  }
}

await main();
