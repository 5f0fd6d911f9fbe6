import type { ModelEntry } from '@idlens/models';
import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { resizeFrame } from '../image/resize-frame.ts';
import type { ModelSession } from '../ocr/model-session.ts';
import { writeFrameTensor } from '../ocr/frame-tensor.ts';
import { faceAnchors } from './face-anchors.ts';

/** Manifest name of the face detector. */
export const faceModelName = 'face-detector';

/** A face found on a frame, in that frame's pixels. */
export interface DetectedFace {
  /** Axis-aligned box around the face (brows to chin, cheek to cheek). */
  box: { x: number; y: number; width: number; height: number };
  /** Right eye, left eye, nose tip, mouth, right ear, left ear (the person's right and left). */
  keypoints: Point[];
  /** Probability that this is a face, 0–1. */
  score: number;
}

export interface FaceDetector {
  /** Faces on the frame with at least `minScore`, best first, overlapping detections merged. */
  detect(frame: Frame, minScore?: number): Promise<DetectedFace[]>;
  /** Creates the session now (server start-up) instead of on the first request. */
  warm(): Promise<void>;
}

/** Below this the detector's own calibration calls it background (MediaPipe's default threshold). */
export const defaultMinFaceScore = 0.5;
/** Detections overlapping a better one by more than this IoU are the same face. */
const sameFaceIou = 0.3;

/**
 * BlazeFace (back-camera model) over an injected ONNX session. The frame is scaled to fit the
 * 256×256 input keeping its shape, top-left aligned, the rest mid-gray (the model's zero), so
 * faces keep their proportions and coordinates map back with one scale factor.
 */
export function createFaceDetector(session: ModelSession, entry: ModelEntry): FaceDetector {
  const size = Number(entry.input?.shape[2] ?? 256);
  const anchors = faceAnchors(size);
  const rows = anchors.length / 2;
  return {
    async detect(frame, minScore = defaultMinFaceScore) {
      const scale = size / Math.max(frame.width, frame.height);
      const fitted = resizeFrame(frame, Math.max(1, Math.round(frame.width * scale)), Math.max(1, Math.round(frame.height * scale)));
      const input = new Float32Array(3 * size * size);
      writeFrameTensor(fitted, entry.input!.channels, entry.normalisation!, input, 0, size, size);
      const { data } = await session.run(input, [1, 3, size, size]);
      const width = data.length / rows;
      const found: DetectedFace[] = [];
      const minLogit = Math.log(minScore / (1 - minScore));
      for (let i = 0; i < rows; i++) {
        const row = data.subarray(i * width, (i + 1) * width);
        if (!(row[0]! >= minLogit)) continue;
        const ax = anchors[2 * i]!;
        const ay = anchors[2 * i + 1]!;
        const cx = ax + row[1]!;
        const cy = ay + row[2]!;
        const w = row[3]!;
        const h = row[4]!;
        const keypoints: Point[] = [];
        for (let k = 0; k < 6; k++) keypoints.push({ x: (ax + row[5 + 2 * k]!) / scale, y: (ay + row[6 + 2 * k]!) / scale });
        found.push({
          box: { x: (cx - w / 2) / scale, y: (cy - h / 2) / scale, width: w / scale, height: h / scale },
          keypoints,
          score: 1 / (1 + Math.exp(-Math.max(-80, Math.min(80, row[0]!)))),
        });
      }
      return suppressOverlaps(found);
    },
    warm: () => session.warm(),
  };
}

/** Greedy non-maximum suppression: the best-scoring detection of each face. */
function suppressOverlaps(faces: DetectedFace[]): DetectedFace[] {
  const kept: DetectedFace[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score)) {
    if (kept.every((k) => iou(k.box, face.box) <= sameFaceIou)) kept.push(face);
  }
  return kept;
}

function iou(a: DetectedFace['box'], b: DetectedFace['box']): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
