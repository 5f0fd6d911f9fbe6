import type { Frame } from '../../core/frame.ts';
import { applyHomography } from '../image/homography.ts';
import { turnClockwise } from '../image/turn-frame.ts';
import { warpQuad } from '../image/warp-quad.ts';
import { classesFor } from '../ocr/charset.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import type { LineReader } from '../ocr/create-line-reader.ts';
import type { Quad } from '../ocr/min-area-rect.ts';
import { doubtfulName, isNames, type CorrectionOptions } from './correct-mrz.ts';
import { fitLineQuad } from './fit-line-quad.ts';
import { interpret, mergeReadings } from './interpret-lines.ts';
import { alongText, flipLine, locateMrzLines, longLines, sameBlock, type LineQuad } from './locate-mrz.ts';
import { mrzAlphabet } from './mrz-charset.ts';
import type { MrzReading } from './mrz-reading.ts';
import { mrzRegions } from './mrz-regions.ts';
import { profileBlocks } from './profile-block.ts';
import { readMrzLines, type ReadLine } from './read-mrz-line.ts';
import { checksMostlyHold, rank, tooMurkyForAZone } from './reading-score.ts';
import { voteUncheckedFields } from './vote-unchecked.ts';

/** Which model reads the zone's lines: the dedicated MRZ model when present (`auto`), or forced. */
export type MrzModelChoice = 'auto' | 'dedicated' | 'general';

export interface ReadMrzOptions {
  model: MrzModelChoice;
  correction: Partial<CorrectionOptions>;
  /** Candidate line blocks tried before giving up. */
  maxAttempts: number;
  /**
   * Text lines already found on the frame (on its document, straightened and detected for its
   * print): their likeliest block is read first, and the frame is searched on its own (its
   * detection…) unless that block holds a zone whose every check holds; a lesser reading of it
   * then competes with the frame's best.
   */
  lines: readonly Quad[];
  /**
   * Whether the frame is searched on its own after `lines` (default true). False reads the likeliest
   * block of `lines` only: for a second look with a surer detector where a first full search found
   * nothing zone-like.
   */
  searchFrame: boolean;
}

export const defaultReadMrzOptions: ReadMrzOptions = { model: 'auto', correction: {}, maxAttempts: 4, lines: [], searchFrame: true };

/**
 * Finds and reads the MRZ of a frame: text detection, MRZ line candidates, recognition restricted
 * to the 37 MRZ symbols, fitting each line to the fixed-width grid, then checksum-guided
 * correction. Candidate blocks come from the likeliest block of the lines the caller already found
 * (`lines`), then from the frame's detected lines, then from ink profiles
 * around the longest lines, then (for photos taken a quarter turned) from detection on the turned frame, then
 * from a closer second detection of the likeliest region (where some block read so far was
 * zone-like); each block is read both ways up, until
 * one parses with every check digit holding (and, when the MRZ model was not quite sure of a name
 * letter, the line reader has read it too). The best reading is returned with its doubtful or
 * disputed unchecked fields voted over all readings of the zone (`voteUncheckedFields`), or null
 * when nothing parses or the best reading is too murky to be a zone (`tooMurkyForAZone`).
 */
export async function readMrz(frame: Frame, ocr: OcrEngine, options: Partial<ReadMrzOptions> = {}): Promise<MrzReading | null> {
  const o = { ...defaultReadMrzOptions, ...options };
  const readers = pickLineReaders(ocr, o.model).map((reader) => {
    const dedicated = ocr.mrzLineReader === reader;
    return {
      reader,
      allowed: classesFor(reader.charset, mrzAlphabet),
      height: dedicated ? 32 : 48,
      // The general line reader reads whole lines well most of the time and loses stretches of some;
      // a second reading in ~12-symbol windows catches those. The dedicated model reads whole lines.
      windowings: dedicated ? [0] : [0, 14],
    };
  });
  // Every reading of a zone-like block, for the vote on doubtful unchecked fields at the end.
  const seen: MrzReading[] = [];
  // The best reading so far, and the two ways of adding to it (both tell whether it is settled).
  let best: MrzReading | null = null;
  const tryBlocks = async (blocks: LineQuad[][], { mostlyChecking = false, acceptMisprint = true } = {}): Promise<boolean> => {
    for (const block of blocks) {
      const reading = await readBlock(block);
      if (!mostlyChecking || (reading && checksMostlyHold(reading))) best = pickBest(best, reading);
      if (isSettled(best, acceptMisprint)) return true;
    }
    return false;
  };
  const tryLines = async (found: readonly Quad[]): Promise<boolean> => {
    if (
      await tryBlocks(
        locateMrzLines(found)
          .filter((b) => b.length >= 2)
          .slice(0, o.maxAttempts),
      )
    )
      return true;
    // Then by the ink itself around the longest lines: the detector fuses, splits or misses lines
    // (or stretches of them, under a hologram) of small or slanted zones, while the print stays
    // 2–3 equal bands at one pitch. Pieces on one line are joined across wide gaps for this. Any
    // paragraph of long lines looks like that too, so these readings only count when most checks
    // hold.
    // Neighbouring anchors (the lines of one zone) profile the same bands: each block is read once.
    const profiled: LineQuad[][] = [];
    for (const anchor of longLines(found, undefined, profileGapHeights).slice(0, profileAnchors)) {
      const fresh = profileBlocks(frame, anchor).filter((block) => !profiled.some((seenBlock) => sameBlock(seenBlock, block)));
      profiled.push(...fresh);
      if (await tryBlocks(fresh, { mostlyChecking: true })) return true;
    }
    return false;
  };
  const found = await search();
  return found && !tooMurkyForAZone(found) ? voteUncheckedFields(found, seen, o.correction) : null;

  async function search(): Promise<MrzReading | null> {
    // The caller's lines: their likeliest block only, and only a zone whose every check holds ends
    // the search there (settling on a clear misprint there too cost `pnpm eval mrz`'s dedicated-model
    // row 2 of 30 exact-and-VALID). Anything less waits aside while the frame is searched from
    // scratch as before, so a frame without a zone (most of a live camera's) pays one block's
    // reading for the shortcut.
    if (
      await tryBlocks(
        locateMrzLines(o.lines)
          .filter((b) => b.length >= 2)
          .slice(0, 1),
        { acceptMisprint: false },
      )
    )
      return best;
    const fromLines = best;
    if (!o.searchFrame) return fromLines;
    best = null;
    return pickBest(await searchFrame(), fromLines);
  }

  /** The frame's own search (see `search`): its detection, ink profiles, turned, closer. */
  async function searchFrame(): Promise<MrzReading | null> {
    const quads = await ocr.detector.detect(frame);
    if (await tryLines(quads)) return best;
    // A photo taken a quarter turned: the detector finds vertical lines less completely (a zone read
    // bottom to top especially), so most of the text running vertically means detecting again on
    // the frame turned upright (or upside down, which reading handles).
    if (mostlyVertical(quads)) {
      const { frame: turned, toSource } = turnClockwise(frame);
      const found = await ocr.detector.detect(turned);
      if (await tryLines(found.map((q) => ({ ...q, points: q.points.map(toSource) as Quad['points'] })))) return best;
    }
    // Second pass: look again, closer and upright, at the regions that probably hold the zone (at
    // page scale the detector fuses or splits MRZ lines on small or slanted zones) — where some
    // block read so far was zone-like. Prose and a page of print read murky (`tooMurkyForAZone`):
    // a closer look at a photo without a zone cost seconds for nothing (`pnpm bench negative`).
    if (!seen.some((reading) => !tooMurkyForAZone(reading))) return best;
    for (const region of mrzRegions(quads, 1)) {
      const scale = Math.min(3, Math.max(1, regionWidth / region.width));
      const regionW = Math.round(region.width * scale);
      const regionH = Math.round(region.height * scale);
      const { frame: upright, toSource } = warpQuad(frame, region.points, regionW, regionH);
      const found = await ocr.detector.detect(upright, { maxSide: Math.max(regionW, regionH), minLongSide: 0 });
      const mapped = found.map((q) => ({
        ...q,
        points: q.points.map((p) => applyHomography(toSource, p)) as Quad['points'],
        width: q.width / scale,
        height: q.height / scale,
      }));
      if (
        await tryBlocks(
          locateMrzLines(mapped)
            .filter((b) => b.length >= 2)
            .slice(0, 2),
        )
      )
        return best;
    }
    return best;
  }

  async function readBlock(block: LineQuad[]): Promise<MrzReading | null> {
    let bestOfBlock: MrzReading | null = null;
    // Set when the first reader settled the zone but was not quite sure of a name letter: the next
    // reader then reads it in every windowing (its readings vote in voteUncheckedFields), and the
    // zone is not read the other way up.
    let secondOpinion = false;
    for (const lines of [block, block.map(flipLine).reverse()]) {
      const fitted = lines.map((l) => fitLineQuad(frame, l));
      let anyZone = false;
      for (const [index, { reader, allowed, height, windowings }] of readers.entries()) {
        // The general reader is the slow second opinion: it is asked only where the first reader saw
        // something zone-like (text that is no MRZ, or upside down, would cost seconds for nothing).
        if (index > 0 && !anyZone) break;
        // Only the last reader may settle on a clear reading with failing checks ("a misprint"):
        // a confident misreading by the first must still get the second reader's opinion.
        const last = index === readers.length - 1;
        const readings: ReadLine[][] = [];
        for (const windowHeights of windowings) {
          const read = await readMrzLines(frame, fitted, reader, { height, allowed, windowHeights });
          readings.push(read);
          // Each reading alone, then (from the second on) all of them merged position by position.
          const tries = readings.length > 1 ? [read, ...mergeReadings(readings)] : [read];
          for (const attempt of tries) {
            const interpreted = interpret(attempt, o.correction);
            anyZone ||= interpreted !== null;
            if (!interpreted) continue;
            const reading: MrzReading = { ...interpreted, lines: fitted, rawLines: read.map((r) => r.text), model: reader.name };
            seen.push(reading);
            bestOfBlock = pickBest(bestOfBlock, reading);
          }
          if (secondOpinion || !isSettled(bestOfBlock, last)) continue;
          // Names are covered by no check digit: a zone that checks out can still hold a misread
          // letter (I read as T). The next reader looks too when the first was not quite sure of one.
          if (last || !namesWantSecondOpinion(bestOfBlock!)) return bestOfBlock;
          secondOpinion = true;
          break;
        }
      }
      if (secondOpinion) return bestOfBlock;
    }
    return bestOfBlock;
  }
}

/** A name letter the first reader read below this gets the second reader's opinion, even in a zone that checks out. */
const sureNameConfidence = 0.95;

function namesWantSecondOpinion(r: MrzReading): boolean {
  return r.corrected.parsed.format.fields.some(
    (spec) => isNames(spec.name) && doubtfulName(r.cells[spec.line]?.slice(spec.start, spec.start + spec.length) ?? [], sureNameConfidence),
  );
}

/** Whether the text lines found run mostly up and down (by their total length). */
function mostlyVertical(quads: readonly Quad[]): boolean {
  let vertical = 0;
  let horizontal = 0;
  for (const quad of quads) {
    const line = alongText(quad);
    if (line.width < 2 * line.height) continue;
    const fromVertical = Math.abs((((line.angle % 180) + 180) % 180) - 90);
    if (fromVertical < 45) vertical += line.width;
    else horizontal += line.width;
  }
  return vertical > horizontal;
}

/** Gap (in line heights) across which detected pieces of one line make an anchor for profiling. */
const profileGapHeights = 20;
/** Longest lines profiled (a card back's long printed notes can outrank its MRZ lines). */
const profileAnchors = 4;

/** Widest an MRZ region is sampled at for the second detection pass (px). */
const regionWidth = 1280;

/**
 * Done searching: every check holds — or the zone was read clearly and most checks hold, so the
 * failing ones are in the print (looking at other candidates would only cost time).
 */
function isSettled(r: MrzReading | null, acceptMisprint = true): boolean {
  if (!r) return false;
  if (r.corrected.parsed.valid && r.corrected.uncertain.length === 0) return true;
  if (!acceptMisprint) return false;
  return r.clarity >= 0.97 && checksMostlyHold(r);
}

function pickBest(a: MrzReading | null, b: MrzReading | null): MrzReading | null {
  if (!a) return b;
  if (!b) return a;
  return rank(b) > rank(a) ? b : a;
}

/**
 * The line readers to try, in order. `auto`: the dedicated model first (fast, made for OCR-B), then
 * the line reader where the dedicated reading saw a zone but did not settle, or settled unsure of a
 * name letter — only readings whose check digits hold are ever returned as valid, and a field no
 * check digit covers that the two read differently is in doubt, so a second opinion can add reads
 * but not wrong answers.
 */
function pickLineReaders(ocr: OcrEngine, choice: MrzModelChoice): LineReader[] {
  if (choice === 'general') return [ocr.lineReader];
  if (choice === 'dedicated') {
    if (!ocr.mrzLineReader) throw new Error('the dedicated MRZ model (mrz-rec) is not loaded');
    return [ocr.mrzLineReader];
  }
  return ocr.mrzLineReader ? [ocr.mrzLineReader, ocr.lineReader] : [ocr.lineReader];
}
