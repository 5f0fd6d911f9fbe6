/**
 * `tsx test/support/template-ceiling.ts [families]`: where the printed-field eval's template sides lose
 * their fields. Each side of `pnpm eval printed`'s templates, photographed in each transform family
 * as the eval photographs it, is read by the engine in this process; every field not read exactly is
 * sorted by whether its truth was read on some line of the page at all (the page's lines read from
 * the scene's true corners; folded letters and digits, a date as any parse of a line or of a piece
 * after a colon or slash, the sex as a letter standing alone). Read but not exact is the placing's
 * and doubting's to win; not read is the detector's and reader's. A diagnosis, not a gate: it reads
 * held-out documents, so nothing may be tuned on what it lists (docs/documents.md).
 */
import '../eval/eval-fonts.ts';
import { createEngine } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import type { Corners } from '../../packages/sdk/src/engine/document/document-format.ts';
import { foldText } from '../../packages/sdk/src/engine/document/visual/fold-text.ts';
import { printedValue } from '../../packages/sdk/src/engine/document/visual/printed-values.ts';
import { type PrintedPage, readPrintedPage } from '../../packages/sdk/src/engine/document/visual/read-visual-zone.ts';
import { name, templateChecks, templateEvalSides } from '../eval/printed-fields.ts';
import { documentScene, type TransformFamily } from './document-scene.ts';
import { dumpOcrEngine } from './procedural/dump-ocr-engine.ts';
import { corpusDir } from './paths.ts';

const allFamilies: TransformFamily[] = ['upright', 'rotation', 'perspective', 'scale', 'clutter'];

const lettersAndDigits = (s: string) => foldText(s).replace(/[^A-Z0-9]/g, '');

/** Whether a field's truth was read on some line of the page. */
function readOnPage(page: PrintedPage, field: string, truth: string): boolean {
  if (field.startsWith('date')) {
    const iso = (text: string) => {
      const d = printedValue(field as 'dateOfBirth', text, { dateOrder: page.dateOrder, now: new Date() })?.date;
      return d?.year && d.month && d.day ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null;
    };
    return page.lines.some((l) => [l.text, ...l.text.split(/[:/]\s*/)].some((piece) => iso(piece) === truth));
  }
  if (field === 'sex') return page.lines.some((l) => new RegExp(`(^|[^A-Z])${truth}([^A-Z]|$)`).test(l.text));
  return page.lines.some((l) => lettersAndDigits(l.text).includes(lettersAndDigits(truth)));
}

async function main(): Promise<void> {
  const families = process.argv[2] ? (process.argv[2].split(',') as TransformFamily[]) : allFamilies;
  const engine = await createEngine(await loadEngineRuntimes({}));
  const ocr = await dumpOcrEngine();
  const sides = await templateEvalSides(corpusDir());
  const total: Record<string, number> = {};
  for (const family of families) {
    const tally: Record<string, number> = {};
    for (const [i, doc] of sides.entries()) {
      const scene = await documentScene(doc.frame, { family, seed: 7000 + allFamilies.indexOf(family) * sides.length + i });
      const data = await engine.document({ first: scene.frame }, {});
      const doubted = new Set<string>(data?.additionalProcessingInfo?.invalidCharacterFields ?? []);
      const format = doc.frame.width / doc.frame.height >= 1.5 ? 'ID-1' : 'ID-3';
      const page = await readPrintedPage(ocr, scene.frame, scene.corners as Corners, format, { numberingHint: null, mrzLines: [], detected: null });
      for (const check of templateChecks) {
        const truth = doc.truth[check.field];
        if (truth === undefined) continue;
        const verbatim = check.field.startsWith('date') || check.field === 'sex' || check.field.endsWith('Number');
        const want = verbatim ? truth : name(truth);
        const got = data ? check.got(data) : null;
        const outcome = got === null ? 'missing' : doubted.has(check.field) ? 'uncertain' : got === want ? 'exact' : 'wrong';
        const key = outcome === 'exact' ? 'exact' : `${outcome}, ${readOnPage(page, check.field, truth) ? 'read on a line' : 'not read'}`;
        tally[key] = (tally[key] ?? 0) + 1;
        total[key] = (total[key] ?? 0) + 1;
        if (outcome !== 'exact') console.log(`  ${family} ${doc.name} ${check.field}: ${key} (got ${got}, want ${want})`);
      }
    }
    console.log(`${family}: ${JSON.stringify(tally)}`);
  }
  console.log(`all: ${JSON.stringify(total)}`);
}

await main();
process.exit(0);
