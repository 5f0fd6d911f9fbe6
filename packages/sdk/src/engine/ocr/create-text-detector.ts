import type { ModelEntry } from '@idlens/models';
import type { Frame } from '../../core/frame.ts';
import { resizeFrame } from '../image/resize-frame.ts';
import { dbPostprocess, type DbPostprocessOptions, type ScoredQuad } from './db-postprocess.ts';
import { writeFrameTensor } from './frame-tensor.ts';
import type { ModelSession } from './model-session.ts';

export interface TextDetectorOptions {
  /** The longer side is scaled to at most this many pixels (PaddleOCR's limit_side_len, type max). */
  maxSide: number;
  /** …and small images are scaled up until the longer side reaches this (tiny scans have 5-px text). */
  minLongSide: number;
  postprocess?: Partial<DbPostprocessOptions>;
}

/**
 * A straightened document page as the detector meets it: cut at up to `width` px across (an ID-3
 * passport page, 125 × 88 mm, is then `height` high; an ID-1 card 807) for its lines to be read
 * from, its text detected at up to `maxSide` px. The detector's time goes with its pixels
 * (1280×896 ~0.73 s, 1024×736 ~0.5 s in onnxruntime-web on one thread in Node): at 1024
 * `pnpm eval printed` and `mrz` read as at 1280; at 960 printed fields were lost (docs/documents.md,
 * "Printed fields").
 */
export const documentPageDetection = { width: 1280, height: 901, maxSide: 1024 } as const;

export const defaultTextDetectorOptions: TextDetectorOptions = { maxSide: 960, minLongSide: 640 };

/** Finds text lines in a frame: rotated rectangles in frame pixel coordinates. */
export interface TextDetector {
  detect(frame: Frame, options?: Partial<TextDetectorOptions>): Promise<ScoredQuad[]>;
}

/** A DB text detector (PP-OCR det) over an ONNX session. */
export function createTextDetector(session: ModelSession, entry: ModelEntry): TextDetector {
  const multiple = entry.input?.sizeMultipleOf ?? 32;
  const channels = entry.input?.channels ?? 'BGR';
  const norm = entry.normalisation ?? { scale: 1 / 255, mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
  return {
    async detect(frame, options = {}) {
      const o = { ...defaultTextDetectorOptions, ...options };
      const long = Math.max(frame.width, frame.height);
      const scale = long > o.maxSide ? o.maxSide / long : long < o.minLongSide ? o.minLongSide / long : 1;
      const w = Math.max(multiple, Math.round((frame.width * scale) / multiple) * multiple);
      const h = Math.max(multiple, Math.round((frame.height * scale) / multiple) * multiple);
      const resized = resizeFrame(frame, w, h);
      const out = await session.run((input) => writeFrameTensor(resized, channels, norm, input, 0, w, h), [1, 3, h, w]);
      const mapH = out.dims[2] ?? h;
      const mapW = out.dims[3] ?? w;
      const quads = dbPostprocess(out.data, mapW, mapH, o.postprocess);
      const sx = frame.width / mapW;
      const sy = frame.height / mapH;
      return quads.map((q) => ({
        ...q,
        points: q.points.map((p) => ({ x: p.x * sx, y: p.y * sy })) as ScoredQuad['points'],
        width: Math.hypot((q.points[1].x - q.points[0].x) * sx, (q.points[1].y - q.points[0].y) * sy),
        height: Math.hypot((q.points[3].x - q.points[0].x) * sx, (q.points[3].y - q.points[0].y) * sy),
      }));
    },
  };
}
