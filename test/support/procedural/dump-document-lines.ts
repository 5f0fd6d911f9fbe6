/**
 * `tsx test/support/procedural/dump-document-lines.ts <out-prefix> <firstSeed> <count>`: the Latin line
 * reader's training lines cut from generated documents exactly as the engine cuts them. Each
 * document is photographed (a transform family per seed, as `dump-printed-pages.ts` does), cut out,
 * its text detected and read (`readPrintedPage`); every line crop the reader was given is kept with
 * its truth when the truth is known: a line that holds one printed value and nothing else (stacked
 * and unlabelled layouts), one inline label and its value, or one stacked label of one line. Writes `<out-prefix>.bin` (each line's
 * 32-px-high stretched grey levels as the reader's tensor holds them, row-major, one after another)
 * and `<out-prefix>.tsv` (width, truth, what the shipped reader read). `models/training/
 * train_latin_rec.py --document-lines` learns from them; seeds must stay apart from the field
 * assigner's training, calibration and check seeds and from the eval's (models/training/README.md).
 */
import '../fonts.ts';
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '@idlens/sdk/engine';
import { resizeFrame } from '../../../packages/sdk/src/engine/image/resize-frame.ts';
import { writeFrameTensor } from '../../../packages/sdk/src/engine/ocr/frame-tensor.ts';
import { dumpOcrEngine } from './dump-ocr-engine.ts';
import { editDistance } from '../edit-distance.ts';
import { pageMapping, readPhotographed } from './photographed-page.ts';
import { type Box, overlapX, overlapY, type PrintedItem, proceduralDocument } from './procedural-document.ts';

const readerHeight = 32;

/** A piece of text the generator drew, on the straightened page. */
interface Piece {
  text: string;
  box: Box;
  item: PrintedItem;
  kind: 'label' | 'value';
}

async function main(): Promise<void> {
  const [prefix, first = '1', count = '10'] = process.argv.slice(2);
  if (!prefix) throw new Error('usage: dump-document-lines.ts <out-prefix> <firstSeed> <count>');
  const ocr = await dumpOcrEngine();
  // Every crop the reader is given, with what it read: the page's lines keep only their text and box.
  let captured: Array<{ crop: Frame; text: string }> = [];
  const read = ocr.lineReader.read.bind(ocr.lineReader);
  ocr.lineReader.read = async (crops, options) => {
    const readings = await read(crops, options);
    for (const [i, r] of readings.entries()) captured.push({ crop: crops[i]!, text: r.text });
    return readings;
  };
  const bin = openSync(path.resolve(`${prefix}.bin`), 'a');
  const tsv = openSync(path.resolve(`${prefix}.tsv`), 'a');
  let kept = 0;
  for (let seed = Number(first); seed < Number(first) + Number(count); seed++) {
    const doc = await proceduralDocument(seed);
    captured = [];
    const page = await readPhotographed(ocr, doc.frame, seed);
    const pieces = drawnPieces(doc.items, pageMapping(doc.frame, page.page));
    for (const line of page.lines) {
      const squeezed = line.text.replace(/ /g, '');
      const same = captured.filter((c) => c.text.replace(/ /g, '') === squeezed);
      if (same.length !== 1) continue;
      const truth = lineTruth(line.box, pieces);
      if (!truth || !plausible(same[0]!.text, truth)) continue;
      const levels = readerLevels(same[0]!.crop);
      writeSync(bin, levels.data);
      writeSync(tsv, `${levels.width}\t${truth}\t${same[0]!.text}\n`);
      kept++;
    }
    if ((seed - Number(first) + 1) % 20 === 0) console.error(`${seed - Number(first) + 1} documents, ${kept} lines`);
  }
  closeSync(bin);
  closeSync(tsv);
}

/** The labels and values the generator drew whose text on the page is known exactly. */
function drawnPieces(items: readonly PrintedItem[], toPage: (b: Box) => Box): Piece[] {
  const pieces: Piece[] = [];
  for (const item of items) {
    // A signature is script, not print; a stacked label's line breaks and colon are not recorded.
    if (item.field === 'signature') continue;
    pieces.push({ text: item.printed, box: toPage(item.valueBox), item, kind: 'value' });
    if (item.label && item.labelBox) pieces.push({ text: item.labelDrawn ?? item.label, box: toPage(item.labelBox), item, kind: 'label' });
  }
  return pieces;
}

/**
 * What a detected line says, when that is known: it overlaps one value and nothing else that was
 * drawn — the value as printed — or one inline label and the value beside it (same baseline: the
 * generator's inline rows), label and value parted by one space, or one label of one line and
 * nothing else — the label as drawn. Otherwise null.
 */
function lineTruth(line: Box, pieces: readonly Piece[]): string | null {
  const touching = pieces.filter((p) => overlapY(line, p.box) > 0.3 * Math.min(line.height, p.box.height) && overlapX(line, p.box) > 0);
  const slack = line.height;
  const covers = (from: number, to: number) =>
    line.x > from - slack && line.x + line.width < to + slack && line.x < from + slack && line.x + line.width > to - slack;
  const value = touching.find((p) => p.kind === 'value');
  if (!value) {
    // A label on a line of its own (stacked): the field assigner finds a value by its label, and
    // small labels were what the reader garbled most on the check pages.
    const [label] = touching;
    const oneLine = label?.item.labelDrawn;
    if (touching.length !== 1 || !oneLine || !covers(label.box.x, label.box.x + label.box.width)) return null;
    return oneLine;
  }
  if (touching.length === 1) {
    // Values of layouts whose labels carry field numbers are left out (an unlabelled value there is
    // drawn `3. VALUE`, which its item does not record; `plausible` drops those by their reading).
    if (/^\d+\. /.test(value.item.label ?? '') || !covers(value.box.x, value.box.x + value.box.width)) return null;
    return value.text;
  }
  const label = touching.find((p) => p.kind === 'label');
  if (touching.length !== 2 || !label || label.item !== value.item || label.text.includes('\n')) return null;
  if (Math.abs(label.box.y + label.box.height - (value.box.y + value.box.height)) > 0.5 * value.box.height) return null;
  if (!covers(label.box.x, value.box.x + value.box.width)) return null;
  return `${label.text} ${value.text}`;
}

/** Lines the reader got roughly right: a truth built from boxes that is off (a lone letter beside it, a cut line) is dropped. */
function plausible(read: string, truth: string): boolean {
  // An unlabelled value on a numbered layout is drawn as `3. VALUE`; its item records `VALUE`.
  if (/^\s*\d{1,2}\s*[.,]/.test(read) && !/^\d/.test(truth)) return false;
  const a = read.replace(/ /g, '');
  const b = truth.replace(/ /g, '');
  return editDistance(a, b) <= Math.max(2, Math.floor(0.34 * b.length));
}

/**
 * The crop as the Latin reader's tensor holds it (createLineReader: resized to 32 px high, BT.601
 * grey, the per-line contrast stretch), before normalisation: levels 0–255, rounded.
 */
function readerLevels(crop: Frame): { width: number; data: Uint8Array } {
  const width = Math.max(1, Math.min(4096, Math.round((crop.width * readerHeight) / Math.max(1, crop.height))));
  const levels = new Float32Array(width * readerHeight);
  writeFrameTensor(resizeFrame(crop, width, readerHeight), 'GRAY', { scale: 1, mean: [0], std: [1] }, levels, 0, width, readerHeight, true);
  return { width, data: Uint8Array.from(levels, Math.round) };
}

await main();
