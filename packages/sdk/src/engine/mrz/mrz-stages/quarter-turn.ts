import type { Frame } from '../../../core/frame.ts';
import { turnClockwise } from '../../image/turn-frame.ts';
import type { TextDetector } from '../../ocr/create-text-detector.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import { alongText } from '../locate-mrz.ts';

/** Whether the text lines found run mostly up and down (by their total length). */
export function mostlyVertical(quads: readonly Quad[]): boolean {
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

/** The text lines detected on the frame turned a quarter clockwise, in the frame's coordinates. */
export async function detectTurned(frame: Frame, detector: TextDetector): Promise<Quad[]> {
  const { frame: turned, toSource } = turnClockwise(frame);
  const found = await detector.detect(turned);
  return found.map((q) => ({ ...q, points: q.points.map(toSource) as Quad['points'] }));
}
