"""Payment-card digits drawn from strokes, in the manner of the embossing face cards print their
numbers and dates in (ISO 7811's Farrington 7B, which no Debian package ships): squared, monoline
glyphs whose 7 is a bar and a straight stem, 6 and 9 a stem and a bowl, 1 with a flag and a foot.
The recognizer trained on book and screen faces reads such a 7 as a 1; with these in training it
sees the shapes cards use. Each glyph is a few polylines on a unit box (x right, y down), drawn
with varying stroke weight, width, corner rounding, corners moved a little and variant designs
of 7 and 1, so no two lines share one exact design.

    from card_digits import CardDigits, CARD_DIGIT_SYMBOLS
    font = CardDigits(size=40, rng=random.Random(1)); font.getlength("7"); font.draw(draw, (x, baseline), "7")
"""
# Polylines per symbol on a unit box (0,0 top-left .. 1,1 bottom-right of the digit's body).
STROKES = {
    "0": [[(0.15, 0), (0.85, 0), (1, 0.15), (1, 0.85), (0.85, 1), (0.15, 1), (0, 0.85), (0, 0.15), (0.15, 0)]],
    "1": [[(0.15, 0.2), (0.55, 0), (0.55, 1)], [(0.15, 1), (0.95, 1)]],
    "2": [[(0, 0.12), (0.12, 0), (0.88, 0), (1, 0.12), (1, 0.42), (0, 0.8), (0, 1), (1, 1)]],
    "3": [[(0, 0), (1, 0), (0.45, 0.42), (0.85, 0.42), (1, 0.56), (1, 0.86), (0.86, 1), (0, 1)]],
    "4": [[(0.05, 0), (0.05, 0.66), (1, 0.66)], [(0.72, 0.3), (0.72, 1)]],
    "5": [[(1, 0), (0.02, 0), (0.02, 0.44), (0.85, 0.44), (1, 0.58), (1, 0.86), (0.86, 1), (0, 1)]],
    "6": [[(0.05, 0), (0.05, 0.86), (0.19, 1), (0.86, 1), (1, 0.86), (1, 0.58), (0.86, 0.44), (0.05, 0.44)]],
    "7": [[(0, 0), (0.92, 0), (0.92, 1)]],
    "8": [[(0.15, 0), (0.85, 0), (0.95, 0.1), (0.95, 0.36), (0.85, 0.46), (0.15, 0.46), (0.05, 0.36), (0.05, 0.1), (0.15, 0)],
          [(0.15, 0.46), (0.85, 0.46), (1, 0.6), (1, 0.86), (0.86, 1), (0.14, 1), (0, 0.86), (0, 0.6), (0.15, 0.46)]],
    "9": [[(0.95, 1), (0.95, 0.14), (0.81, 0), (0.14, 0), (0, 0.14), (0, 0.42), (0.14, 0.56), (0.95, 0.56)]],
    "/": [[(0.85, -0.05), (0.15, 1.05)]],
    "-": [[(0.15, 0.55), (0.85, 0.55)]],
}
CARD_DIGIT_SYMBOLS = frozenset(STROKES) | {" "}
# Designs the embossing faces differ in: a 7 whose stem runs diagonally, a 1 without a foot.
VARIANTS = {
    "7": [[(0, 0), (0.95, 0), (0.45, 1)]],
    "1": [[(0.15, 0.2), (0.55, 0), (0.55, 1)]],
}


class CardDigits:
    """A stroke-drawn face with PIL's font interface as the renderer uses it (getlength, and draw
    in place of ImageDraw.text with anchor 'ls': `xy` is the left end of the baseline)."""

    def __init__(self, size, rng):
        self.size = size
        self.height = size * rng.uniform(0.68, 0.76)   # digit height (cap height of the face)
        self.width = self.height * rng.uniform(0.55, 0.72)
        self.stroke = max(1, int(round(self.height * rng.uniform(0.11, 0.2))))
        self.advance = self.width + self.height * rng.uniform(0.18, 0.32)
        self.round = rng.random() < 0.6   # rounded stroke ends and joints (embossing dies are rounded)
        # One face per line: its glyphs' corners moved a little, a variant design now and then (drawn
        # as it is, unmoved: kept so for the fourth run's reproducibility), so the recognizer
        # learns the family of shapes rather than one drawing of them.
        jitter = rng.uniform(0, 0.07)
        self.strokes = {
            ch: [[(px + rng.uniform(-jitter, jitter), py + rng.uniform(-jitter, jitter)) for px, py in line] for line in lines]
            for ch, lines in STROKES.items()
        }
        for ch, lines in VARIANTS.items():
            if rng.random() < 0.3:
                self.strokes[ch] = lines

    def getlength(self, ch):
        return self.advance if ch in STROKES else self.advance * 0.8

    def draw(self, draw, xy, ch, fill=255):
        x0, baseline = xy
        top = baseline - self.height
        for line in self.strokes.get(ch, []):
            points = [(x0 + px * self.width, top + py * self.height) for px, py in line]
            draw.line(points, fill=fill, width=self.stroke, joint="curve" if self.round else None)
            if self.round:
                r = self.stroke / 2
                for px, py in (points[0], points[-1]):
                    draw.ellipse((px - r, py - r, px + r, py + r), fill=fill)


if __name__ == "__main__":
    import random

    from PIL import Image, ImageDraw

    rng = random.Random(1)
    img = Image.new("L", (900, 300), 0)
    draw = ImageDraw.Draw(img)
    for row in range(3):
        font = CardDigits(60, rng)
        x = 10
        for ch in "0123456789/-"[: 12]:
            font.draw(draw, (x, 80 + row * 95), ch)
            x += font.getlength(ch)
    img.save("/tmp/card-digits.png")
    print("/tmp/card-digits.png")
