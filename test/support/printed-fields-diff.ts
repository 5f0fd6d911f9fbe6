// Development tool (not a test): the corpus's document templates photographed as `pnpm eval printed`
// photographs them (one transform family, one holder a side) read in-process with PP-OCR's line
// reader and with the Latin one, printing each field the two answer differently and the tally of
// right answers — to see where and why one reader loses a field.
//
//   pnpm exec tsx test/support/printed-fields-diff.ts [FAMILY=upright] [LATIN_MODEL=the manifest's]
import { readFileSync } from 'node:fs';
import type { ModelSet } from '@idlens/models';
import type { DocumentData } from '@idlens/sdk/api';
import { createEngine, type InferenceRuntime } from '@idlens/sdk/engine';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import { name, templateChecks } from '../eval/printed-fields.ts';
import { documentScene, type TransformFamily } from './document-scene.ts';
import { corpusDir } from './paths.ts';
import { printedHolders, printedTemplates, renderTemplateDocument } from './template-documents.ts';

const family = (process.argv[2] ?? 'upright') as TransformFamily;
const latinFile = process.argv[3];
const ort = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
const zxing = await loadZxingNode();
const disk = await loadModelsFromDisk();
const models: ModelSet = latinFile ? { ...disk, 'latin-rec': { entry: disk['latin-rec']!.entry, bytes: readFileSync(latinFile) } } : disk;
const readers = ['general', 'latin'] as const;
const engines = Object.fromEntries(readers.map((r) => [r, createEngine({ zxing, inference: ort, models, ocr: { lineReader: r } })]));
const right = { general: 0, latin: 0 };
const holders = printedHolders(printedTemplates.length * 2);
let h = 0;
for (const template of printedTemplates) {
  for (const side of ['front', 'back'] as const) {
    const doc = await renderTemplateDocument(corpusDir(), template, side, holders[h++]!);
    if (!doc || Object.keys(doc.truth).length === 0) continue;
    const scene = await documentScene(doc.frame, { family, seed: 7000 + h });
    const data: Record<string, DocumentData> = {};
    for (const r of readers) data[r] = await engines[r]!.document({ first: scene.frame }, {});
    for (const check of templateChecks) {
      const want = doc.truth[check.field];
      if (want === undefined) continue;
      const truth = check.field.startsWith('date') || check.field === 'sex' || check.field.endsWith('Number') ? want : name(want);
      const [g, l] = readers.map((r) => check.got(data[r]!));
      right.general += +(g === truth);
      right.latin += +(l === truth);
      if (g !== l) console.log(`${template}/${side} ${check.field}: want ${truth} | general ${g} | latin ${l}`);
    }
  }
}
console.log(`fields right: ${JSON.stringify(right)}`);
