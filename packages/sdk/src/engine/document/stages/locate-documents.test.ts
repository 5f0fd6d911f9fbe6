import { beforeAll, describe, expect, it } from 'vitest';
import { fakeZxing } from '@idlens/test-support/engine/fake-zxing.ts';
import { specimens } from '@idlens/test-support/engine/mrz-specimens.ts';
import { renderMrzPage } from '@idlens/test-support/mrz-render.ts';
import type { DocumentOptions } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import { rectangleCorners } from '../../image/homography.ts';
import type { StageDecision } from '../../pipeline/stage-trace.ts';
import { readDocument } from '../read-document.ts';
import { documentRequest } from './document-request.ts';
import { locateDocuments } from './locate-documents.ts';

// The `locate` stage on its own (no OCR: outlines and image checks need none), and a pipeline it ends.
const now = () => new Date(Date.UTC(2026, 5, 15));
let page: Frame;

beforeAll(async () => {
  page = await renderMrzPage(specimens.TD3);
});

function locate(first: Frame, options: DocumentOptions) {
  const trace: StageDecision[] = [];
  const request = documentRequest({ first }, options, { mrzModel: 'auto', now, trace: (d) => trace.push(d) }, { ocr: null, faces: null }, false);
  return { located: locateDocuments(request), trace };
}

/** A frame of one grey level: a photo too dark to read at 10. */
function flatFrame(width: number, height: number, level: number): Frame {
  const data = new Uint8ClampedArray(width * height * 4).fill(level);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

describe('locateDocuments', () => {
  it('seeks no outline when nothing needs one (no print read, no images, no checks)', () => {
    const { located, trace } = locate(page, {});
    expect(located.outlineOf('FIRST')).toBeNull();
    expect(located.readSides).toEqual(['FIRST']);
    expect(trace).toEqual([{ stage: 'locate', decided: 'FIRST: no outline sought' }]);
  });

  it("finds the page's outline when its image is asked for, and takes the whole photo for a cropped document", () => {
    const found = locate(page, { returnFullDocumentImage: true });
    const outline = found.located.outlineOf('FIRST');
    expect(outline).toHaveLength(4);
    expect(outline).not.toEqual(rectangleCorners(page.width, page.height));
    expect(found.trace.map((d) => d.decided)).toEqual(['FIRST: document outline found']);

    const cropped = locate(page, { returnFullDocumentImage: true, scanCroppedDocumentImage: true });
    expect(cropped.located.outlineOf('FIRST')).toEqual(rectangleCorners(page.width, page.height));
    expect(cropped.trace.map((d) => d.decided)).toEqual(['FIRST: the photo is the document (cropped)']);
  });

  it('skips a side failing a requested check, and only when the check is requested', () => {
    const dark = flatFrame(640, 400, 10);
    const checked = locate(dark, { skipImagesWithInadequateLightingConditions: true });
    expect(checked.located.skipped.get('FIRST')).toBe('IMAGE_PREPROCESSING_FAILED');
    expect(checked.located.readSides).toEqual([]);
    expect(checked.trace).toHaveLength(1);
    expect(checked.trace[0]!.decided).toMatch(/^FIRST: .+; skipped, IMAGE_PREPROCESSING_FAILED$/);
    expect(locate(dark, {}).located.readSides).toEqual(['FIRST']);
  });

  it('ends the pipeline when every side is skipped: the status says why, nothing else is tried', async () => {
    const trace: StageDecision[] = [];
    const zxing = fakeZxing();
    const data = await readDocument(
      { ocr: null, zxing, faces: null },
      { first: flatFrame(640, 400, 10) },
      { skipImagesWithInadequateLightingConditions: true },
      { mrzModel: 'auto', now, trace: (d) => trace.push(d) },
      false,
    );
    expect(data.processingStatus).toBe('IMAGE_PREPROCESSING_FAILED');
    expect(trace.map((d) => d.stage)).toEqual(['locate', 'judge']);
    expect(trace[1]!.decided).toBe('every side skipped: IMAGE_PREPROCESSING_FAILED');
    expect(zxing.calls).toEqual([]);
  });
});
