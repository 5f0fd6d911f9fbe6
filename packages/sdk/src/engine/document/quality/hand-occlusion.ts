import type { Frame } from '../../../core/frame.ts';

/**
 * Share of the document covered by a hand: skin-coloured regions (YCbCr rule of Chai & Ngan, 1999,
 * with R > G > B) that reach into the document from outside it. `image` is the rectified document
 * with a margin of `margin` px of its surroundings on every side (0 when only the document is
 * known: a cropped image); a region counts when it touches the margin (or, without one, the
 * document's border), covers at most half the margin ring (a skin-coloured table or a peach card is
 * no hand) and at most half the document. A portrait, inside the document, never touches the border.
 */
export function handOcclusion(image: Frame, margin: number): number {
  const { width: w, height: h, data } = image;
  const skin = new Uint8Array(w * h);
  for (let i = 0, p = 0; i < skin.length; i++, p += 4) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    skin[i] = y > 50 && cr >= 135 && cr <= 175 && cb >= 80 && cb <= 125 && r > g && g > b ? 1 : 0;
  }
  const inDoc = (x: number, y: number) => x >= margin && y >= margin && x < w - margin && y < h - margin;
  const docArea = Math.max(1, (w - 2 * margin) * (h - 2 * margin));
  const ringArea = Math.max(1, w * h - docArea);
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  let covered = 0;
  for (let start = 0; start < skin.length; start++) {
    if (!skin[start] || seen[start]) continue;
    let inside = 0;
    let ring = 0;
    let border = false;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      if (inDoc(x, y)) inside++;
      else ring++;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      for (const j of [i - 1, i + 1, i - w, i + w]) {
        const jx = j % w;
        if (j < 0 || j >= skin.length || Math.abs(jx - x) > 1 || !skin[j] || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    const reachesIn = margin > 0 ? ring > 0 : border;
    if (reachesIn && inside > 0 && ring <= 0.5 * ringArea && inside <= 0.5 * docArea) covered += inside;
  }
  return covered / docArea;
}
