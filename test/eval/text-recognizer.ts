import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { ModelEntry, ModelSet } from '@idlens/models';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { Frame } from '../../packages/sdk/src/core/frame.ts';
import { loadCharset } from '../../packages/sdk/src/engine/ocr/charset.ts';
import { createLineReader, type LineReader } from '../../packages/sdk/src/engine/ocr/create-line-reader.ts';
import { createModelSession } from '../../packages/sdk/src/engine/ocr/model-session.ts';
import type { InferenceRuntime } from '../../packages/sdk/src/engine/ocr/inference-runtime.ts';
import { editDistance } from '../support/edit-distance.ts';
import { repoRoot } from '../support/paths.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';

const run = promisify(execFile);
const python = process.env.IDLENS_PYTHON ?? '/usr/bin/python3';
const training = path.join(repoRoot, 'models', 'training');
/** Lines per style of the held-out set, and its seed (latin_render.py --dump-eval). */
const perStyle = Number(process.env.LATIN_EVAL_PER_STYLE ?? 120);
const seed = 20261126;
const latinModel = process.env.LATIN_REC_MODEL ?? path.join(repoRoot, 'models', 'weights', 'latin-rec.onnx');

interface Line {
  file: string;
  style: string;
  text: string;
  frame: Frame;
}

/** Writes the held-out line set with the Python renderer (once per seed and size; cached under the OS temp dir) and reads it. */
async function heldOutLines(): Promise<Line[]> {
  // Keyed by the renderer's source too: a changed renderer writes a new set.
  const sources = await Promise.all(['latin_render.py', 'latin_text.py'].map((f) => readFile(path.join(training, f))));
  const version = createHash('sha256').update(Buffer.concat(sources)).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `idlens-latin-eval-${seed}-${perStyle}-${version}`);
  if (!existsSync(path.join(dir, 'truth.tsv'))) {
    await run(python, [path.join(training, 'latin_render.py'), '--dump-eval', dir, '--per-style', String(perStyle), '--seed', String(seed)], {
      maxBuffer: 1 << 24,
    });
  }
  const rows = (await readFile(path.join(dir, 'truth.tsv'), 'utf8')).split('\n').slice(1).filter(Boolean);
  return Promise.all(
    rows.map(async (row) => {
      const [file, style, text] = row.split('\t') as [string, string, string];
      const { data, info } = await sharp(path.join(dir, file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return {
        file,
        style,
        text,
        frame: { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) },
      };
    }),
  );
}

/** The new recognizer's manifest entry, as train_latin_rec.py prints it at export (the charset from latin_text.py). */
async function latinEntry(file: string, bytes: number): Promise<ModelEntry> {
  const { stdout } = await run(python, [path.join(training, 'latin_text.py'), '--charset']);
  const symbols = stdout.replace(/\n$/, '');
  return {
    name: 'latin-rec',
    kind: 'onnx',
    task: 'text-recognition',
    file: path.basename(file),
    sha256: '',
    bytes,
    optional: true,
    input: { name: 'image', shape: ['N', 1, 32, 'W'], channels: 'GRAY', height: 32, widthMultipleOf: 4, padValue: 1, stretchContrast: true },
    normalisation: { scale: 1 / 255, mean: [0.5], std: [0.5] },
    output: { name: 'logits', shape: ['N', 'W/4', symbols.length + 1], meaning: 'CTC logits (pre-softmax), class 0 = blank' },
    charset: { symbols, blank: 0 },
    source: 'models/training/train_latin_rec.py',
    licence: 'Apache-2.0',
  };
}

/** Without accents: the letters the accent-blind comparison counts as equal (as train_latin_rec.py's fold). */
const special: Record<string, string> = {
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ð: 'd',
  Þ: 'T',
  þ: 't',
  ı: 'i',
  Æ: 'A',
  æ: 'a',
  Œ: 'O',
  œ: 'o',
  ß: 's',
};
const fold = (s: string) =>
  [...s]
    .map((ch) => special[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
const noSpaces = (s: string) => s.replace(/\s+/g, '');

interface Tally {
  lines: number;
  exact: number;
  /** Right when spaces are ignored (the engine puts dropped spaces back at ink gaps). */
  exactNoSpaces: number;
  /** Right but for accents (wrong as read, right once both are folded). */
  accentsOnly: number;
  errors: number;
  foldedErrors: number;
  chars: number;
  accentedLines: number;
  accentedExact: number;
  ms: number;
}

const emptyTally = (): Tally => ({
  lines: 0,
  exact: 0,
  exactNoSpaces: 0,
  accentsOnly: 0,
  errors: 0,
  foldedErrors: 0,
  chars: 0,
  accentedLines: 0,
  accentedExact: 0,
  ms: 0,
});

async function readAll(reader: LineReader, lines: Line[]): Promise<Record<string, Tally>> {
  const t0 = performance.now();
  const readings = await reader.read(lines.map((l) => l.frame));
  const msPerLine = (performance.now() - t0) / Math.max(1, lines.length);
  const tallies: Record<string, Tally> = {};
  lines.forEach((line, i) => {
    // NFKC: PP-OCR answers some punctuation in its full-width form ("！"); the engine's text folding treats them alike.
    const got = readings[i]!.text.normalize('NFKC').trim();
    const want = line.text;
    const accented = fold(want) !== want;
    for (const key of [line.style, 'all']) {
      tallies[key] ??= emptyTally();
      const t = tallies[key];
      t.lines++;
      t.exact += got === want ? 1 : 0;
      t.exactNoSpaces += noSpaces(got) === noSpaces(want) ? 1 : 0;
      t.accentsOnly += got !== want && fold(got) === fold(want) ? 1 : 0;
      t.errors += editDistance(got, want);
      t.foldedErrors += editDistance(fold(got), fold(want));
      t.chars += [...want].length;
      t.accentedLines += accented ? 1 : 0;
      t.accentedExact += accented && got === want ? 1 : 0;
      t.ms += msPerLine;
    }
  });
  return tallies;
}

/**
 * The general line reader the engine uses for printed text (PP-OCRv4's Chinese recognizer,
 * `ppocr-rec`) against the project's own Latin recognizer (models/training/train_latin_rec.py), on
 * one held-out line set: lines rendered by models/training/latin_render.py in font families never
 * used in training, cut as the engine cuts them (48 px high), in the document, flat card and embossed
 * card styles. Both read through the engine's `createLineReader` under onnxruntime-node, in one run.
 * Needs Debian's python3-pil, python3-numpy, python3-fonttools and the held-out fonts (see
 * models/training/README.md); the new model is read from models/weights/latin-rec.onnx (and
 * latin-rec-int8.onnx when present) or LATIN_REC_MODEL.
 */
export const textRecognizerEval: EvalSuite = async (): Promise<SuiteReport> => {
  const suite = 'text recognizer: ppocr-rec vs latin-rec on held-out-font lines';
  let lines: Line[];
  try {
    lines = await heldOutLines();
  } catch (error) {
    const why = (error as Error).message.split('\n')[0];
    return {
      suite,
      metrics: { skipped: why },
      markdown: [`Skipped: the held-out lines could not be rendered (${why}). See models/training/README.md for the Debian packages.`],
    };
  }
  const ort = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
  const sessionOptions = { intraOpNumThreads: 1 };
  const readers: Array<{ name: string; reader: LineReader }> = [];
  const pp = await loadModelsFromDisk({ names: ['ppocr-rec', 'ppocr-keys'], weights: 'float' });
  readers.push({
    name: 'ppocr-rec (float)',
    reader: createLineReader(createModelSession(ort, pp['ppocr-rec']!, sessionOptions), pp['ppocr-rec']!.entry, loadCharset(pp, 'ppocr-rec')),
  });
  const notes: string[] = [];
  for (const [label, file] of [
    ['latin-rec (float)', latinModel],
    ['latin-rec (int8)', latinModel.replace(/\.onnx$/, '-int8.onnx')],
  ] as const) {
    if (!existsSync(file)) {
      notes.push(`${label}: ${path.relative(repoRoot, file)} not found (train and export it, see models/training/README.md).`);
      continue;
    }
    const bytes = new Uint8Array(await readFile(file));
    const entry = await latinEntry(file, bytes.length);
    const models: ModelSet = { 'latin-rec': { entry, bytes } };
    readers.push({
      name: label,
      reader: createLineReader(createModelSession(ort, models['latin-rec']!, sessionOptions), entry, loadCharset(models, 'latin-rec')),
    });
  }
  const results: Record<string, Record<string, Tally>> = {};
  for (const { name, reader } of readers) results[name] = await readAll(reader, lines);

  const styles = [...new Set(lines.map((l) => l.style)), 'all'];
  const rows = styles.flatMap((style) =>
    readers.map(({ name }) => {
      const t = results[name]![style]!;
      return [
        style,
        name,
        t.lines,
        percent(t.exact, t.lines),
        percent(t.exactNoSpaces, t.lines),
        percent(t.accentsOnly, t.lines),
        `${((100 * t.errors) / Math.max(1, t.chars)).toFixed(2)} %`,
        `${((100 * t.foldedErrors) / Math.max(1, t.chars)).toFixed(2)} %`,
        `${t.accentedExact}/${t.accentedLines}`,
        (t.ms / Math.max(1, t.lines)).toFixed(1),
      ];
    }),
  );
  return {
    suite,
    metrics: { lines: lines.length, perStyle, seed, results },
    markdown: [
      `${lines.length} lines (${perStyle} per style) rendered by \`models/training/latin_render.py --dump-eval\` (seed ${seed}) in the held-out font families only; ` +
        'each read as the engine reads a detector crop (48 px high, through `createLineReader`, onnxruntime-node, one thread). ' +
        'CER is edit distance over truth symbols; "no spaces" ignores spaces (the engine puts dropped spaces back at ink gaps); ' +
        '"accents only" counts lines wrong as read but right once accents are folded away (ppocr-rec has no Ø, Ñ, Č…); ' +
        '"accented exact" counts lines with at least one accented letter read exactly.',
      '',
      ...table(['style', 'reader', 'lines', 'exact', 'exact, no spaces', 'accents only', 'CER', 'CER accents folded', 'accented exact', 'ms/line'], rows),
      ...(notes.length ? ['', ...notes] : []),
    ],
  };
};
