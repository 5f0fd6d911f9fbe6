// Development tool (not a test): reads the barcode corpus through one photo-transform family of the
// eval (`none`: as it is; `glare:ceiling`: through the family's ceiling variant), or through a
// transform next to a family's (`scale@0.7`, `scale@0.6:cubic`, `glare@0.5,0.5`,
// `glare@0.35,0.35,120`: see `neighbourVariant`), in-process; lists what was missed or misread and
// saves each such image as PNG, to look at and to trace with barcode-pass-trace.ts. Scores as
// `pnpm eval barcodes` does, and counts wrong reads reported as certain: the eval's families are
// what the reader was tuned on, their neighbours are not.
//
//   pnpm exec tsx test/support/barcode-family-misses.ts <family|family:ceiling|none|neighbour> [OUT_DIR=/tmp/family-misses] [FILE_FILTER]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createEngine } from '@idlens/sdk/engine';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import { code39Standard, generalClient, groundTruthCorrections, judge, type ManifestEntry } from '../eval/barcode-scoring.ts';
import { neighbourVariant, photoTransformFamilies } from '../eval/photo-variants.ts';
import { corpusDir } from './paths.ts';

const [family = 'glare', out = '/tmp/family-misses', only] = process.argv.slice(2);
const dir = path.join(corpusDir(), 'barcodes');
const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
const engine = createEngine({ zxing: await loadZxingNode() });
const variant = variantFor(family);
if (!variant) {
  const known = photoTransformFamilies.flatMap((f) => [f.family, ...(f.variants[0]?.ceiling ? [`${f.family}:ceiling`] : [])]);
  const neighbours = [`scale@F[:${Object.keys(sharp.kernel).join('|')}]`, 'glare@X,Y[,levels]'];
  console.error(`usage: barcode-family-misses.ts <${['none', ...known, ...neighbours].join('|')}> [OUT_DIR] [FILE_FILTER]`);
  console.error('  F in (0, 1]; X, Y the highlight centre in fractions of the size; levels 1–255');
  process.exit(2);
}
await mkdir(out, { recursive: true });
let ok = 0;
let rightUncertain = 0;
let wrongCertain = 0;
let n = 0;
let time = 0;
const misses: string[] = [];
for (const entry of manifest) {
  if (entry.expected.format === null) continue;
  if (only && !entry.file.includes(only)) continue;
  n++;
  const bytes = await variant.make(await readFile(path.join(dir, entry.file)));
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
  const extended = entry.expected.format === 'Code39' && !code39Standard.test(entry.expected.text ?? '');
  const t = performance.now();
  const result = await engine.barcode(frame, { ...generalClient, ...(extended ? { readCode39AsExtendedData: true } : {}) });
  time += performance.now() - t;
  const correction = groundTruthCorrections[entry.file];
  const outcome = judge(correction ? { ...entry.expected, text: correction.text } : entry.expected, result);
  if (outcome === 'correct') {
    ok++;
    if (result.uncertain) rightUncertain++;
  } else {
    if (outcome !== 'missed' && !result.uncertain) wrongCertain++;
    misses.push(`${outcome}\t${entry.file}\t${info.width}x${info.height}\t${result.barcodeType}:${result.stringData}${result.uncertain ? ' (uncertain)' : ''}`);
    await writeFile(path.join(out, entry.file.replaceAll('/', '__').replace(/\.\w+$/, '.png')), await sharp(bytes).png().toBuffer());
  }
}
console.log(misses.join('\n'));
console.log(
  `${family}: ${ok}/${n} = ${((100 * ok) / n).toFixed(1)} % (${rightUncertain} of them uncertain), wrong and certain ${wrongCertain}, mean ${(time / n).toFixed(0)} ms`,
);

/** The transform a spec names: none, a family's (or its ceiling), or one next to a family's. */
function variantFor(spec: string): { make: (bytes: Buffer) => Promise<Buffer> } | null | undefined {
  if (spec === 'none') return { make: async (b: Buffer) => b };
  if (spec.includes('@')) return neighbourVariant(spec);
  const [familyName, part] = spec.split(':');
  const transform = photoTransformFamilies.find((f) => f.family === familyName)?.variants[0];
  return part === 'ceiling' ? transform?.ceiling : part === undefined ? transform : undefined;
}
