import type { DocumentData, DocumentOptions } from '../../api/document.ts';
import type { Frame } from '../../core/frame.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import { ageOn } from '../mrz/mrz-dates.ts';
import type { MrzReading } from '../mrz/mrz-reading.ts';
import { readMrz, type MrzModelChoice } from '../mrz/read-mrz.ts';
import { barcodeClassInfo, mergeBarcode } from './barcode-to-document.ts';
import { barcodeMatchSource, compareSources, mrzMatchSource, type MatchSource } from './data-match.ts';
import { emptyDocumentData, processingInfo } from './empty-document-data.ts';
import { documentOutline } from './corners/locate-document.ts';
import { addImageExtractionFailure, attachDocumentImages, documentView, mrzReadingDirection, type DocumentView } from './document-images.ts';
import type { FaceDetector } from '../face/create-face-detector.ts';
import { findPortrait, type FoundPortrait } from './portrait.ts';
import { measureSideQuality, skipReason } from './quality/analyze-side.ts';
import type { Point } from '../image/affine.ts';
import { rectangleCorners } from '../image/homography.ts';
import { documentFormat, documentFormats } from './document-format.ts';
import { mrzToDocumentData } from './mrz-to-document.ts';
import { type PrintedFieldChoice, readVisualZone, type VisualZoneReading } from './visual/read-visual-zone.ts';
import {
  doubtedPrintedFields,
  hiddenPrintQuads,
  mergeVisual,
  misprintedFields,
  missingPrintedFields,
  visualClassInfo,
  visualMandatoryFields,
  visualMatchSource,
} from './visual/visual-to-document.ts';
import { implausiblePrintedDates } from './visual/printed-date-checks.ts';
import { signatureImage } from './visual/signature-image.ts';
import { detectPage, linesOnPhoto, straightenPage, type DetectedPage, type StraightenedPage } from './visual/detected-page.ts';
import { anonymizeDocument } from './anonymize-document.ts';
import { type AnonymizationPlan, anonymizationPlan, extraRuleFields, matchesFilter, missingRuleFields } from './document-class-rules.ts';
import { answersAlone, barcodeRank, readDocumentBarcode, type DocumentBarcode } from './read-document-barcode.ts';

/** The readers a document needs; without OCR only barcodes are read, without the face detector no portrait. */
export interface DocumentReaders {
  ocr: OcrEngine | null;
  zxing: ZxingReader;
  faces: FaceDetector | null;
}

/** Engine-level settings of document reading (not request options). */
export interface ReadDocumentSettings {
  mrzModel: MrzModelChoice;
  /** Who decides which printed value is which field (see `PrintedFieldChoice`; default `learned`). */
  printedFields?: PrintedFieldChoice;
  /** The clock for resolving two-digit years and ages (injected for tests). */
  now: () => Date;
}

type Side = 'FIRST' | 'SECOND';

/** Characters correction may change per field when the request does not say. */
const defaultMaxMismatches = 2;

/** MRZ layouts of cards, whose other side may carry a 2D barcode (passport and visa pages carry none). */
const cardMrzTypes: ReadonlySet<string> = new Set(['TD1', 'TD2']);

/**
 * Reads an ID document from one or two sides: each side is searched for an MRZ (TD1 cards carry it
 * on the back) and, where the MRZ does not already answer, for the PDF417 of a North-American licence
 * or ID card (AAMVA). The best MRZ reading fills the result, the barcode adds what the MRZ lacks (see
 * `mergeBarcode`), the printed fields of every other side add what both lack (see `mergeVisual`;
 * on a document with neither they are the answer), and every two independent readings are compared
 * in `dataMatch`.
 *
 * Before reading, each side's document outline is found when images or the skip* checks need it
 * (docs/documents.md); a side failing a requested check is not read.
 *
 * `multiSide` is which endpoint was called (`/document-multi-side`), not whether a second image came.
 * Without an OCR engine, or with `enableBarcodeScanOnly`, only barcodes are read.
 */
export async function readDocument(
  { ocr, zxing, faces }: DocumentReaders,
  sides: { first: Frame; second?: Frame | null },
  options: DocumentOptions,
  settings: ReadDocumentSettings,
  multiSide: boolean,
): Promise<DocumentData> {
  const maxMismatches = options.maxAllowedMismatchesPerField ?? defaultMaxMismatches;
  const barcodeOnly = options.enableBarcodeScanOnly ?? false;
  const frameOf = (side: Side) => (side === 'FIRST' ? sides.first : sides.second!);
  const given: Side[] = sides.second ? ['FIRST', 'SECOND'] : ['FIRST'];

  // 0. The document's outline on each side (when images or image checks need it), and the checks
  // behind the skip* options: a side that fails one is not read at all.
  const cropped = options.scanCroppedDocumentImage ?? false;
  const checks = {
    blur: !!options.skipImagesWithBlur,
    lighting: !!options.skipImagesWithInadequateLightingConditions,
    hand: !!options.skipImagesOccludedByHand,
  };
  const outlines = new Map<Side, readonly Point[] | null>();
  const wantFace = !!options.returnFaceImage && !!faces;
  const readPrint = !!ocr && !barcodeOnly;
  if (options.returnFullDocumentImage || wantFace || readPrint || checks.blur || checks.lighting || checks.hand) {
    for (const side of given) outlines.set(side, cropped ? rectangleCorners(frameOf(side).width, frameOf(side).height) : documentOutline(frameOf(side)));
  }
  const skipped = new Map<Side, string>();
  if (checks.blur || checks.lighting || checks.hand) {
    for (const side of given) {
      const reason = skipReason(measureSideQuality(frameOf(side), outlines.get(side) ?? null, cropped), checks);
      if (reason) skipped.set(side, reason);
    }
  }
  if (skipped.size === given.length) {
    const none = emptyDocumentData();
    none.processingStatus = skipped.get('FIRST')!;
    return none;
  }

  // Each side's document, straightened as it lies (landscape, its top-left nearest the photo's) once,
  // and its text lines detected once per detector: the first side's MRZ is searched among them
  // before the photo is detected on its own, and the print is read from them unless the MRZ makes it
  // another cut (upside down).
  const straightened = new Map<Side, StraightenedPage>();
  const straightenedSide = (side: Side, outline: readonly Point[]) => {
    if (!straightened.has(side)) {
      const guess = documentView({ side, frame: frameOf(side), outline, mrz: null })!;
      straightened.set(side, straightenPage(frameOf(side), guess.corners, guess.format));
    }
    return straightened.get(side)!;
  };
  const detectedPages = (engine: OcrEngine | null) => {
    const pages = new Map<Side, Promise<DetectedPage | null>>();
    return (side: Side): Promise<DetectedPage | null> => {
      const outline = outlines.get(side);
      if (!engine || !readPrint || !outline) return Promise.resolve(null);
      if (!pages.has(side)) pages.set(side, detectPage(engine, straightenedSide(side, outline)));
      return pages.get(side)!;
    };
  };

  // 1. The MRZ (skipped when the caller asked for the barcode only).
  const readMrzSides = async (engine: OcrEngine, pageOf: (side: Side) => Promise<DetectedPage | null>, searchFrame = true) => {
    // The second of two images is usually a licence's back, whose print is not read (the barcode
    // covers it): its page would be detected for the MRZ alone, so it is searched as a photo.
    const read = async (side: Side) => {
      const page = side === 'FIRST' ? await pageOf(side) : null;
      return readMrz(frameOf(side), engine, {
        model: settings.mrzModel,
        correction: { maxChangesPerField: maxMismatches },
        lines: page ? linesOnPhoto(page) : [],
        searchFrame,
      });
    };
    const first = skipped.has('FIRST') ? null : await read('FIRST');
    const second = sides.second && !skipped.has('SECOND') && !(first && isValid(first) && !multiSide) ? await read('SECOND') : null;
    return { first, second };
  };
  // With a detector cascade, a document without an MRZ that checks out is read again, from the
  // start, with the surer detector: nothing but the MRZ's check digits tells that the faster one
  // found every line (a licence front's print has none). Where the faster one's whole search (the
  // photo, turned, closer) found nothing zone-like, the surer one reads the document's own lines
  // only: searching the whole photo again cost a photo without a document seconds (`pnpm bench
  // negative`) and found no zone the first search had not (`pnpm eval mrz`, `text-detector`).
  let engine = ocr;
  let pageOf = detectedPages(engine);
  let first: MrzReading | null = null;
  let second: MrzReading | null = null;
  if (engine && !barcodeOnly) {
    ({ first, second } = await readMrzSides(engine, pageOf));
    const firstPick = choose(first, second);
    if (engine.fallback && !(firstPick && isValid(firstPick.reading))) {
      engine = engine.fallback;
      pageOf = detectedPages(engine);
      const again = await readMrzSides(engine, pageOf, firstPick !== null);
      // An unchecked MRZ the surer detector does not find at all is still kept (the print is read anew).
      if (choose(again.first, again.second) || !firstPick) ({ first, second } = again);
    }
  }
  const pick = choose(first, second);

  // 2. The ID barcode, on the sides the MRZ leaves open; the first parsed, conclusive read ends the search.
  let barcode: DocumentBarcode | null = null;
  const plan = barcodePlan(pick, !!sides.second, barcodeOnly, options.scanUnsupportedSecondSide ?? false);
  for (const side of plan.sides.filter((s) => !skipped.has(s))) {
    const found = await readDocumentBarcode(zxing, frameOf(side), side, { thorough: plan.thorough });
    if (barcodeRank(found) > barcodeRank(barcode)) barcode = found;
    if (answersAlone(barcode)) break;
  }
  const readSides = given.filter((side) => !skipped.has(side));
  const mrzOn = (side: Side) => (pick?.side === side ? pick.reading : null);
  const mrzValid = !!pick && isValid(pick.reading);
  const barcodeAnswers = answersAlone(barcode);
  // An unsure first side alone is not an answer in a two-sided scan unless the caller allows it.
  // Print lifts that only where neither an MRZ nor a barcode was found (print alone then answers);
  // otherwise the answer is withheld whatever print says, and print is not read.
  const fromSecond = pick?.side === 'SECOND' || barcode?.side === 'SECOND';
  const unsureFirstSide = multiSide && !fromSecond && !mrzValid && !barcodeAnswers && !options.allowUncertainFirstSideScan;
  const withheldWhateverPrint = unsureFirstSide && (!!pick || !!barcode);

  // 3. The printed fields, on every side but the one the barcode covers (a licence's back).
  const visual: VisualZoneReading[] = [];
  if (readPrint && !withheldWhateverPrint) {
    const numberingHint = barcode?.result.parsed ? 'aamva' : null;
    for (const side of readSides.filter((s) => s !== barcode?.side)) {
      const frame = frameOf(side);
      const view = documentView({ side, frame, outline: outlines.get(side) ?? null, mrz: mrzOn(side) }) ?? wholeFrameView(frame);
      visual.push(
        await readVisualZone(engine!, frame, view.corners, view.format, side, {
          now: settings.now(),
          printedFields: settings.printedFields,
          numberingHint,
          orientationKnown: view.orientationKnown,
          mrzLines: mrzOn(side)?.lines.map((line) => line.points) ?? [],
          detected: await pageOf(side),
        }),
      );
    }
  }
  const printed = visual.some((v) => v.fields.length > 0);
  // 4. The images, once the answer is settled. The portrait first: it also tells which way up a
  // side without an MRZ is, for its document image.
  const images = async (data: DocumentData, anonymization: AnonymizationPlan) => {
    const portrait: FoundPortrait | null = wantFace
      ? await findPortrait(
          faces!,
          readSides.map((side) => ({ side, frame: frameOf(side), outline: outlines.get(side) ?? null, readingDirection: mrzReadingDirection(mrzOn(side)) })),
        )
      : null;
    if (wantFace) {
      if (portrait) data.faceImage = portrait.faceImage;
      else addImageExtractionFailure(data, 'FACE');
    }
    if (options.returnSignatureImage && readPrint) {
      data.signatureImage = await signatureImage(visual, frameOf);
      if (!data.signatureImage) addImageExtractionFailure(data, 'SIGNATURE');
    }
    if (!options.returnFullDocumentImage) return;
    await attachDocumentImages(
      data,
      readSides.map((side) => ({
        side,
        frame: frameOf(side),
        outline: outlines.get(side) ?? null,
        mrz: mrzOn(side),
        portraitUpright: portrait?.faceImage.side === side ? portrait.uprightOutline : null,
        hiddenPrint: anonymization.inImages ? hiddenPrintQuads(visual, side, anonymization) : [],
      })),
      anonymization.inImages,
    );
  };
  if (!pick && !barcode && !printed) {
    // Nothing read, but a document found is still returned as images when asked for.
    const none = emptyDocumentData();
    await images(none, anonymizationPlan(options, null));
    return none;
  }

  const now = settings.now();
  const data = pick
    ? mrzToDocumentData(pick.reading, { now, side: pick.side, enableCharacterValidation: options.enableCharacterValidation ?? true })
    : emptyDocumentData();
  if (barcode) {
    const mrzClass = data.documentClassInfo;
    mergeBarcode(data, barcode);
    if (barcode.result.parsed) data.documentClassInfo = barcodeClassInfo(barcode, mrzClass);
  }
  mergeVisual(data, visual);
  // Printed values read in doubt, and printed dates that cannot all be right, are shown marked.
  const doubted = [...new Set([...doubtedPrintedFields(data, visual), ...implausiblePrintedDates(data, visual, now)])];
  const misprinted = misprintedFields(data, visual, doubted);
  if (misprinted.length)
    processingInfo(data).invalidCharacterFields = [...new Set([...(data.additionalProcessingInfo?.invalidCharacterFields ?? []), ...misprinted])];
  if (!data.documentClassInfo || data.documentClassInfo.country === 'COUNTRY_NONE')
    data.documentClassInfo = mergeClassInfo(data.documentClassInfo, visualClassInfo(visual));
  // A document of a class the caller did not ask for is not returned.
  if (!matchesFilter(options.documentFilter, data.documentClassInfo)) return classFiltered(data);

  // Print alone answers when it gave every field a document must show: the default ones, or those
  // of the caller's rule for the document's class. A rule's field missing also makes a document
  // read by MRZ or barcode uncertain.
  const ruleMissing = missingRuleFields(options, data);
  const ruleExtra = extraRuleFields(options, data);
  if (ruleExtra) processingInfo(data).extraPresentFields = ruleExtra;
  const missing = ruleMissing ?? missingPrintedFields(visual);
  // A mandatory field read in doubt is shown, marked, but does not make the document VALID.
  const visualAnswers = !pick && !barcode && missing.length === 0 && !visualMandatoryFields.some((f) => doubted.includes(f));
  if ((mrzValid || barcodeAnswers) && ruleMissing?.length) {
    data.recognitionStatus = 'UNCERTAIN';
    data.processingStatus = 'MANDATORY_FIELD_MISSING';
    processingInfo(data).missingMandatoryFields = ruleMissing;
  } else if (mrzValid || barcodeAnswers || visualAnswers) {
    data.recognitionStatus = 'VALID';
    data.processingStatus = 'SUCCESS';
  } else if (!pick && !barcode) {
    data.recognitionStatus = 'UNCERTAIN';
    data.processingStatus = 'SUCCESS';
    processingInfo(data).missingMandatoryFields = [...missing];
  } else if (!pick) {
    // Only a barcode that is no readable AAMVA payload, or one read without conclusive evidence.
    data.recognitionStatus = 'UNCERTAIN';
    data.processingStatus = 'BARCODE_RECOGNITION_FAILED';
    processingInfo(data);
  }

  const anonymization = anonymizationPlan(options, data.documentClassInfo);
  anonymizeDocument(data, anonymization, pick?.reading ?? null);

  if (unsureFirstSide && !visualAnswers) {
    const withheld = emptyDocumentData();
    return {
      ...withheld,
      mrzData: data.mrzData,
      barcodeData: data.barcodeData,
      recognitionStatus: 'UNCERTAIN',
      processingStatus: data.processingStatus,
      documentClassInfo: data.documentClassInfo,
      additionalProcessingInfo: data.additionalProcessingInfo,
    };
  }

  const sources: MatchSource[] = [];
  if (first) sources.push(mrzMatchSource(first, 'mrz-first'));
  if (second) sources.push(mrzMatchSource(second, 'mrz-second'));
  if (barcode?.result.parsed) sources.push(barcodeMatchSource(barcode.result, 'barcode'));
  if (printed) sources.push(visualMatchSource(visual, 'visual'));
  data.dataMatch = compareSources(sources, maxMismatches);

  const birth = data.dateOfBirth;
  data.age = birth ? ageOn({ ...birth, originalString: null }, now) : null;
  data.isBelowAgeLimit = options.ageLimit != null && data.age !== null ? data.age < options.ageLimit : null;
  await images(data, anonymization);
  return data;
}

/** The answer for a document the caller's `documentFilter` excludes: its class, nothing read from it. */
function classFiltered(read: DocumentData): DocumentData {
  const data = emptyDocumentData();
  data.documentClassInfo = read.documentClassInfo;
  data.processingStatus = 'CLASS_FILTERED';
  return data;
}

/**
 * Which sides to search for an ID barcode, in order, and how hard:
 * - barcode only, or no MRZ that checks out: every side, the second (usually the back) first, with
 *   the thorough plan — the barcode is then the only source;
 * - an MRZ that checks out on a card (TD1, TD2) read from two images: the other side, with the default
 *   plan (ID cards carry 2D barcodes on either side: Argentina, the US I-766…, and both readings then
 *   meet in `dataMatch`);
 * - an MRZ that checks out on a passport or visa page: nothing — the page's other side carries no
 *   barcode — unless `scanUnsupportedSecondSide` asks for it; one image with a checked MRZ: nothing.
 */
function barcodePlan(
  pick: { reading: MrzReading; side: Side } | null,
  twoImages: boolean,
  barcodeOnly: boolean,
  scanUnsupported: boolean,
): { sides: Side[]; thorough: boolean } {
  const all: Side[] = twoImages ? ['SECOND', 'FIRST'] : ['FIRST'];
  if (barcodeOnly || !pick || !isValid(pick.reading)) return { sides: all, thorough: true };
  if (!twoImages) return { sides: [], thorough: false };
  const other: Side = pick.side === 'FIRST' ? 'SECOND' : 'FIRST';
  const card = cardMrzTypes.has(pick.reading.corrected.parsed.format.type);
  return { sides: card || scanUnsupported ? [other] : [], thorough: false };
}

function isValid(r: MrzReading): boolean {
  return r.corrected.parsed.valid && r.corrected.uncertain.length === 0;
}

function choose(first: MrzReading | null, second: MrzReading | null): { reading: MrzReading; side: Side } | null {
  if (first && (isValid(first) || !second || !isValid(second))) {
    const passing = (r: MrzReading) => r.corrected.parsed.checks.filter((c) => c.ok).length;
    if (!second || isValid(first) || passing(first) >= passing(second)) return { reading: first, side: 'FIRST' };
  }
  return second ? { reading: second, side: 'SECOND' } : null;
}

/** A side whose document was not found: the whole photo taken for it (a cropped document, or one filling the frame). */
function wholeFrameView(frame: Frame): DocumentView {
  const corners = rectangleCorners(frame.width, frame.height);
  const format = documentFormat(corners, null);
  return { corners, format, size: documentFormats[format], orientationKnown: false };
}

/** The class from print where the MRZ and barcode left parts open (NONE or no class at all). */
function mergeClassInfo(
  known: DocumentData['documentClassInfo'],
  printed: NonNullable<DocumentData['documentClassInfo']>,
): NonNullable<DocumentData['documentClassInfo']> {
  const open = (v: string | null | undefined) => !v || v.endsWith('_NONE');
  return {
    country: open(known?.country) ? printed.country : known!.country,
    region: open(known?.region) ? printed.region : known!.region,
    type: open(known?.type) ? printed.type : known!.type,
  };
}
