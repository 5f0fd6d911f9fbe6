"""Renders MRZ text lines in OCR-B the way a phone camera sees them: textured security-paper
backgrounds, neighbouring lines, blur, low resolution, JPEG, tilt, uneven light. Every sample is a
grey line image 32 px high plus the text it shows."""
import io
import math
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from mrz_text import random_mrz_line

HEIGHT = 32
FONT_FILES = ["/usr/share/fonts/opentype/ocr-b/OCRB.otf", "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"]


class Renderer:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.fonts = {}

    def font(self, path, size):
        key = (path, size)
        if key not in self.fonts:
            self.fonts[key] = ImageFont.truetype(path, size)
        return self.fonts[key]

    def background(self, w, h):
        rng, nr = self.rng, self.np_rng
        base = rng.uniform(150, 250)
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        img = np.full((h, w), base, np.float32)
        # Low-frequency light gradient (uneven lighting, shadows).
        img += rng.uniform(-40, 40) * (x / w - 0.5) + rng.uniform(-30, 30) * (y / h - 0.5)
        # Guilloche-like security printing: thin sinusoidal line patterns of low contrast.
        for _ in range(rng.randint(0, 4)):
            fx, fy, phase = rng.uniform(0.01, 0.2), rng.uniform(0.01, 0.3), rng.uniform(0, 6.3)
            img += rng.uniform(-25, 25) * (np.sin(fx * x + fy * y + phase) > rng.uniform(0.6, 0.95))
        img += nr.normal(0, rng.uniform(0, 8), (h, w))
        return img

    def sample(self, text=None, window=True, window_lengths=(5, 14)):
        """Returns (levels HEIGHT x W, label text): with `window`, a cut of `window_lengths` symbols
        (at most the whole line)."""
        rng = self.rng
        text = text or random_mrz_line(rng)
        size = rng.randint(28, 44)
        font = self.font(rng.choice(FONT_FILES), size)
        pitch = size * rng.uniform(0.62, 0.78)
        line_gap = size * rng.uniform(1.25, 1.8)
        pad_x = int(pitch * rng.uniform(1.0, 3.0))
        w = int(pad_x * 2 + pitch * len(text))
        h = int(size * 4.2)
        canvas = self.background(w, h)
        ink_img = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(ink_img)
        baseline_y = (h - size) / 2
        slope = rng.uniform(-0.02, 0.02)
        jitter = rng.uniform(0, 0.06) * pitch
        # Neighbouring MRZ lines above and below, as a loose crop of a real MRZ contains.
        for offset in (-line_gap, 0.0, line_gap):
            line_text = text if offset == 0 else random_mrz_line(rng)
            if offset != 0 and rng.random() < 0.3:
                continue
            for i, ch in enumerate(line_text[: len(text) + 4]):
                cx = pad_x + i * pitch + rng.uniform(-jitter, jitter)
                cy = baseline_y + offset + slope * (cx - w / 2) + rng.uniform(-jitter, jitter) * 0.5
                draw.text((cx, cy), ch, fill=255, font=font)
        ink = np.asarray(ink_img, np.float32) / 255.0
        if rng.random() < 0.5:  # ink spread or thinning
            ink_img = Image.fromarray((ink * 255).astype(np.uint8)).filter(rng.choice([ImageFilter.MaxFilter(3), ImageFilter.MinFilter(3)]))
            ink = np.asarray(ink_img, np.float32) / 255.0 * rng.uniform(0.7, 1.0) + ink * 0.3
            ink = np.clip(ink, 0, 1)
        ink_level = rng.uniform(0, 100)
        img = canvas * (1 - ink * rng.uniform(0.55, 1.0)) + ink_level * ink * rng.uniform(0.0, 0.5)
        # A bright streak of reflected light across the line (seen on laminated pages).
        if rng.random() < 0.15:
            y0 = rng.uniform(0, h)
            yy = np.arange(h, dtype=np.float32)[:, None]
            img += rng.uniform(40, 120) * np.exp(-((yy - y0 - slope * np.arange(w)[None, :]) ** 2) / (2 * rng.uniform(2, 8) ** 2))
        img = np.clip(img, 0, 255)
        if rng.random() < 0.2:
            img = 255 - img if rng.random() < 0.05 else img

        # Crop the target line vertically as the engine's locator does: the glyphs fill 45-85 % of
        # the crop height (the engine aims at 75 %), centred with some jitter.
        _, glyph_top, _, glyph_bottom = font.getbbox("A0<")
        text_h = glyph_bottom - glyph_top
        crop_h = text_h / rng.uniform(0.45, 0.85)
        centre_y = baseline_y + (glyph_top + glyph_bottom) / 2 + rng.uniform(-0.12, 0.12) * text_h
        top, bottom = centre_y - crop_h / 2, centre_y + crop_h / 2
        first, last = 0, len(text)
        if window:
            # Short windows keep training cheap; the convolutional model reads whole lines alike.
            length = min(len(text), rng.randint(*window_lengths))
            first = rng.randint(0, len(text) - length)
            last = first + length
        # Generous margins only where the line really ends; a cut inside the line must not show
        # more than a sliver of the neighbouring character, or the label would be wrong.
        left = pad_x + first * pitch - pitch * (rng.uniform(0.1, 1.2) if first == 0 else rng.uniform(0.0, 0.15))
        right = pad_x + last * pitch + pitch * (rng.uniform(0.1, 1.2) if last == len(text) else rng.uniform(0.0, 0.15))
        tilt = rng.uniform(-1.5, 1.5)
        pil = Image.fromarray(img.astype(np.uint8)).rotate(tilt, resample=Image.BILINEAR, center=((left + right) / 2, (top + bottom) / 2), fillcolor=int(img.mean()))
        y_center_shift = slope * ((left + right) / 2 - w / 2)
        pil = pil.crop((int(max(0, left)), int(top + y_center_shift), int(min(w, right)), int(bottom + y_center_shift)))

        if rng.random() < 0.7:
            pil = pil.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.8)))
        # Low resolution: shrink to as little as ~9 px per line, then scale to the model height.
        small_h = rng.choice([HEIGHT, HEIGHT, rng.randint(9, 24)])
        scale = small_h / pil.height
        pil = pil.resize((max(4, int(pil.width * scale * rng.uniform(0.85, 1.15))), small_h), Image.BILINEAR)
        if rng.random() < 0.6:
            buf = io.BytesIO()
            pil.save(buf, "JPEG", quality=rng.randint(15, 90))
            pil = Image.open(io.BytesIO(buf.getvalue())).convert("L")
        scale = HEIGHT / pil.height
        pil = pil.resize((max(8, int(round(pil.width * scale))), HEIGHT), Image.BILINEAR)
        out = np.asarray(pil, np.float32)
        # Contrast and gamma changes of the camera pipeline.
        lo, hi = np.percentile(out, 2), np.percentile(out, 98)
        out = (out - lo) / max(1.0, hi - lo) * rng.uniform(0.4, 1.0) * 255 + rng.uniform(0, 60)
        out = 255 * (np.clip(out, 0, 255) / 255) ** rng.uniform(0.7, 1.4)
        out += self.np_rng.normal(0, rng.uniform(0, 6), out.shape)
        out = np.clip(np.round(out), 0, 255)
        return stretch(out), text[first:last]


def stretch(gray):
    """The engine's per-line contrast stretch (packages/sdk/src/engine/ocr/frame-tensor.ts): the
    2nd percentile to 0, the 98th to 255, nearest-rank percentiles. Returns float32 levels."""
    ranked = np.sort(gray, axis=None)
    lo = ranked[int(0.02 * (ranked.size - 1))]
    hi = max(lo + 1, ranked[int(0.98 * (ranked.size - 1))])
    return np.clip((gray - lo) * 255.0 / (hi - lo), 0, 255).astype(np.float32)

if __name__ == "__main__":
    r = Renderer(7)
    rows = []
    for i in range(12):
        arr, label = r.sample(window=i % 2 == 0)
        print(label)
        rows.append(arr.astype(np.uint8))
    width = max(a.shape[1] for a in rows)
    sheet = np.full((len(rows) * (HEIGHT + 4), width), 255, np.uint8)
    for i, a in enumerate(rows):
        sheet[i * (HEIGHT + 4): i * (HEIGHT + 4) + HEIGHT, : a.shape[1]] = a
    Image.fromarray(sheet).save("/tmp/mrz-samples.png")
