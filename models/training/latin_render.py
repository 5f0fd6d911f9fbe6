"""Renders Latin text lines the way idlens's line reader receives them: the text detector's box cut
out of a phone photo of an identity document or a payment card and warped to 48 px high
(packages/sdk/src/engine/ocr/crop-text-line.ts), which the reader then scales to its own height.

What the engine's crops look like (measured on crops dumped by test/support/dump-line-crops.ts from
the generated cards, licences and corpus templates and the corpus card photos): the box is tight —
the glyphs (accents to descenders) fill ~80-100 % of the height, the ink starts 0-15 % from the top
and ends 80-100 % down, often touching an edge; 0-25 % of the height is left on each side; lines
of small print were 6-60 px high in the photo; card rows are detector boxes joined along the row,
so a small label and a big value share one crop ("VALID THRU 12/27"); a neighbouring line shows
when lines are close. The same geometry holds for cards and documents.

Styles: document print (dark or coloured text on security-paper backgrounds — guilloche, tints,
rainbow print, overprinted stamps — bold, italic, small capitals), payment cards (light or dark text
on gradients and photo-like textures; embossed characters: raised metallic face with highlight and
shadow, foil tipping; indent printing), plain print. Then camera effects: blur, motion blur,
noise, JPEG, low resolution (6-60 px line height in the photo), perspective, tilt, uneven light, glare.

Font FAMILIES are split into training and held-out sets (FAMILIES, HELD_OUT below): held-out families
are never used in training, so the held-out evaluation measures unseen type designs. Designs that
are clones of one another (Helvetica: Nimbus Sans, TeX Gyre Heros, FreeSans; Palatino: P052, TeX
Gyre Pagella; Droid lineage: Open Sans, Noto Sans) are in one family, on one side.

    /usr/bin/python3 models/training/latin_render.py                    # a sample sheet in /tmp
    /usr/bin/python3 models/training/latin_render.py --dump-eval DIR    # the held-out line set (PNG + truth.tsv)
"""
import argparse
import glob
import io
import math
import os
import random
import unicodedata

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from card_digits import CARD_DIGIT_SYMBOLS, CardDigits
from latin_text import CHARSET_SET, initialled_name, look_alike_code, random_line

HEIGHT = 32        # the model's input height
CROP_HEIGHT = 48   # the engine's crop height (createOcr / readCardSide / readVisualZone)

F = "/usr/share/fonts"
T = "/usr/share/texmf/fonts/opentype/public/tex-gyre"
# family -> (file globs, sampling weight). Debian packages: fonts-dejavu fonts-liberation fonts-liberation2
# fonts-freefont-ttf fonts-urw-base35 fonts-noto-core fonts-roboto fonts-open-sans fonts-lato fonts-cantarell
# fonts-ocr-a fonts-ocr-b fonts-crosextra-carlito fonts-crosextra-caladea fonts-texgyre fonts-firacode
# fonts-linuxlibertine fonts-inter fonts-roboto-slab fonts-comfortaa fonts-oxygen fonts-hack fonts-go
# fonts-jetbrains-mono fonts-sil-andika fonts-sil-charis fonts-ebgaramond fonts-league-spartan
FAMILIES = {
    "dejavu": ([f"{F}/truetype/dejavu/DejaVuSans*.ttf", f"{F}/truetype/dejavu/DejaVuSerif*.ttf"], 3.0),
    "liberation": ([f"{F}/truetype/liberation2/Liberation*.ttf", f"{F}/truetype/liberation/LiberationSansNarrow*.ttf"], 3.0),
    "helvetica": ([f"{F}/opentype/urw-base35/NimbusSans*.otf", f"{T}/texgyreheros*.otf", f"{F}/truetype/freefont/FreeSans*.ttf"], 2.5),
    "times": ([f"{F}/opentype/urw-base35/NimbusRoman*.otf", f"{T}/texgyretermes-*.otf", f"{F}/truetype/freefont/FreeSerif*.ttf"], 2.0),
    "courier": ([f"{F}/opentype/urw-base35/NimbusMonoPS*.otf", f"{T}/texgyrecursor-*.otf", f"{F}/truetype/freefont/FreeMono*.ttf"], 1.5),
    "century": ([f"{F}/opentype/urw-base35/C059*.otf", f"{T}/texgyreschola-*.otf"], 1.0),
    "bookman": ([f"{F}/opentype/urw-base35/URWBookman*.otf", f"{T}/texgyrebonum-*.otf"], 0.8),
    "avantgarde": ([f"{F}/opentype/urw-base35/URWGothic*.otf", f"{T}/texgyreadventor-*.otf"], 0.8),
    "lato": ([f"{F}/truetype/lato/Lato-*.ttf", f"{F}/truetype/crosextra/Carlito-*.ttf"], 1.5),
    "caladea": ([f"{F}/truetype/crosextra/Caladea-*.ttf"], 0.6),
    "roboto": ([f"{F}/truetype/roboto/unhinted/RobotoTTF/Roboto-*.ttf", f"{F}/truetype/roboto/unhinted/RobotoCondensed-*.ttf"], 1.5),
    "inter": ([f"{F}/opentype/inter/Inter-*.otf", f"{F}/opentype/inter/InterDisplay-*.otf"], 1.2),
    "fira-code": ([f"{F}/truetype/firacode/FiraCode-*.ttf"], 0.6),
    "hack": ([f"{F}/truetype/hack/Hack-*.ttf"], 0.6),
    "libertine": ([f"{F}/opentype/linux-libertine/LinLibertine_R*.otf", f"{F}/opentype/linux-libertine/LinLibertine_DR.otf",
                   f"{F}/opentype/linux-libertine/LinBiolinum_R*.otf"], 1.0),
    "charis": ([f"{F}/truetype/charis/CharisSIL-*.ttf"], 0.8),
    "andika": ([f"{F}/truetype/andika/Andika-*.ttf"], 0.6),
    "eb-garamond": ([f"{F}/opentype/ebgaramond/EBGaramond*.otf"], 0.5),
    "league-spartan": ([f"{F}/opentype/league-spartan/LeagueSpartan-*.otf"], 0.5),
    "comfortaa": ([f"{F}/truetype/comfortaa/Comfortaa-*.ttf"], 0.3),
    "oxygen": ([f"{F}/truetype/oxygen/Oxygen-Sans*.ttf", f"{F}/truetype/oxygen/OxygenMono-*.ttf"], 0.6),
    "ocr-b": ([f"{F}/opentype/ocr-b/OCRB.otf", f"{F}/opentype/ocr-b/OCRBS.otf", f"{F}/opentype/ocr-b/OCRBL.otf"], 2.0),
    "ocr-a": ([f"{F}/truetype/ocr-a/OCRA*.ttf"], 0.5),
    "noto-serif": ([f"{F}/truetype/noto/NotoSerif-*.ttf", f"{F}/truetype/noto/NotoSerifDisplay-*.ttf"], 1.0),
    # Added for the second run (more type designs: squared, condensed, rounded, typewriter, humanist),
    # since real cards and documents print in faces no Debian package has (card numbers' Farrington 7B):
    # fonts-3270 fonts-agave fonts-hermit fonts-fantasque-sans fonts-adf-gillius fonts-adf-universalis
    # fonts-adf-berenis fonts-adf-romande fonts-adf-accanthis fonts-adf-switzera fonts-adf-verana fonts-adf-tribun
    # fonts-b612 fonts-courier-prime fonts-mononoki fonts-quicksand fonts-anonymous-pro fonts-cabin fonts-jura
    # fonts-paratype fonts-bebas-neue fonts-yanone-kaffeesatz fonts-tuffy
    "ibm-3270": ([f"{F}/truetype/3270/3270*.ttf"], 0.25),
    "agave": ([f"{F}/truetype/agave/agave-*.ttf"], 0.15),
    "hermit": ([f"{F}/truetype/hermit/Hermit-*.otf"], 0.15),
    "fantasque": ([f"{F}/truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-*.ttf"], 0.15),
    "gillius": ([f"{F}/truetype/adf/GilliusADF-*.otf", f"{F}/truetype/adf/GilliusADFNo2-*.otf"], 0.4),
    "universalis": ([f"{F}/truetype/adf/UniversalisADFStd-*.otf"], 0.4),
    "berenis": ([f"{F}/truetype/adf/BerenisADFPro-[BIR]*.otf"], 0.2),
    "romande": ([f"{F}/truetype/adf/RomandeADFStd-*.otf", f"{F}/truetype/adf/RomandeADFNo2Std-*.otf"], 0.2),
    "accanthis": ([f"{F}/truetype/adf/AccanthisADFStd-*.otf"], 0.2),
    "switzera": ([f"{F}/truetype/adf/SwitzeraADF-*.otf"], 0.4),
    "verana": ([f"{F}/truetype/adf/Verana*.otf"], 0.25),
    "tribun": ([f"{F}/truetype/adf/TribunADFStd-*.otf"], 0.2),
    "b612": ([f"{F}/opentype/b612/B612*.otf"], 0.3),
    "courier-prime": ([f"{F}/opentype/courier-prime/Courier Prime*.otf"], 0.2),
    "mononoki": ([f"{F}/truetype/mononoki/mononoki-*.ttf"], 0.15),
    "quicksand": ([f"{F}/truetype/quicksand/Quicksand-*.ttf"], 0.15),
    "anonymous-pro": ([f"{F}/truetype/anonymous-pro/Anonymous Pro*.ttf"], 0.15),
    "cabin": ([f"{F}/opentype/cabin/Cabin-*.otf"], 0.25),
    "jura": ([f"{F}/opentype/jura/Jura-*.otf"], 0.3),
    "pt": ([f"{F}/truetype/paratype/PT*.ttf"], 0.4),
    "bebas-neue": ([f"{F}/opentype/bebas-neue/BebasNeue-*.otf"], 0.2),
    "yanone": ([f"{F}/opentype/yanone-kaffeesatz/YanoneKaffeesatz-*.otf"], 0.15),
    "tuffy": ([f"{F}/truetype/tuffy/Tuffy*.ttf"], 0.15),
    # Held out (never in training):
    "open-sans+noto-sans": ([f"{F}/truetype/open-sans/OpenSans-*.ttf", f"{F}/truetype/noto/NotoSans-*.ttf",
                             f"{F}/truetype/noto/NotoSansDisplay-*.ttf"], 1.0),
    "roboto-slab": ([f"{F}/opentype/roboto/slab/RobotoSlab-*.otf"], 1.0),
    "palatino": ([f"{F}/opentype/urw-base35/P052-*.otf", f"{T}/texgyrepagella-*.otf"], 1.0),
    "jetbrains-mono": ([f"{F}/truetype/jetbrains-mono/JetBrainsMono-*.ttf"], 1.0),
    "cantarell": ([f"{F}/opentype/cantarell/Cantarell-*.otf"], 1.0),
    "go": ([f"{F}/fonts-go/Go-*.ttf"], 1.0),
}
HELD_OUT = ["open-sans+noto-sans", "roboto-slab", "palatino", "jetbrains-mono", "cantarell", "go"]
# Faces whose small letters are drawn as capitals: only for lines without small letters.
CAPS_ONLY = {"bebas-neue"}
# The stroke-drawn card face (card_digits.py): a family of its own, outside the font files.
CARD_DIGITS = ("card-digits", "stroke:card-digits")
# Faces too thin to survive a phone photo at 10 px are drawn rarely.
THIN = ("Thin", "Hairline", "ExtraLight", "Extra Light", "Light")
EVAL_STYLES = ["document", "card", "embossed"]


def font_files(split):
    """[(family, path)] of the split ('train' or 'heldout'); fails when a package is missing."""
    out = []
    for family, (patterns, _) in FAMILIES.items():
        if (family in HELD_OUT) != (split == "heldout"):
            continue
        # Go Smallcaps draws small letters as capitals: its lines would be labelled in the wrong case.
        files = sorted({p for pattern in patterns for p in glob.glob(pattern) if "Smallcaps" not in p})
        if not files:
            raise SystemExit(f"no font files for family {family} ({patterns}): install its Debian package")
        out.extend((family, p) for p in files)
    return out


def coverage(path):
    from fontTools.ttLib import TTFont
    cmap = TTFont(path, fontNumber=0, lazy=True).getBestCmap()
    return frozenset(ch for ch in CHARSET_SET if ch == " " or ord(ch) in cmap)


class FontBank:
    def __init__(self, split):
        self.files = font_files(split)
        self.families = sorted({f for f, _ in self.files})
        self.weights = [FAMILIES[f][1] for f in self.families]
        self.by_family = {f: [p for g, p in self.files if g == f] for f in self.families}
        self.covers = {p: coverage(p) for _, p in self.files}
        self.cache = {}

    def font(self, path, size):
        key = (path, size)
        if key not in self.cache:
            if len(self.cache) > 3000:
                self.cache.clear()
            self.cache[key] = ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)
        return self.cache[key]

    def pick(self, rng, text, family=None):
        """(family, path) of a face that has every symbol of `text`, or None."""
        need = set(text)
        if family is not None and family not in self.by_family:  # the stroke-drawn card face
            return None
        for _ in range(30):
            fam = family or rng.choices(self.families, self.weights)[0]
            if fam in CAPS_ONLY and text != text.upper():
                if family:
                    return None
                continue
            files = [p for p in self.by_family[fam] if need <= self.covers[p]]
            if files:
                regular = [p for p in files if not any(t in os.path.basename(p) for t in ("Thin", "Hairline", "ExtraLight", "Light"))]
                pool = regular if regular and rng.random() < 0.9 else files
                return fam, rng.choice(pool)
            if family:
                return None
        return None


ASCII_FOLD = str.maketrans({"Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "ð": "d", "Þ": "TH", "þ": "th", "ı": "i",
                            "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss"})


def ascii_folded(text):
    """The line as an ASCII-only printer writes it (ÅSTRÖM -> ASTROM)."""
    decomposed = unicodedata.normalize("NFD", text.translate(ASCII_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def lum(rgb):
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def smooth_noise(nr, h, w, cell):
    """Low-frequency noise in [-1, 1]: a coarse random grid scaled up (photo-like textures, foil)."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    grid = Image.fromarray(((nr.random((gh, gw)) * 255)).astype(np.uint8))
    return np.asarray(grid.resize((w, h), Image.BICUBIC), np.float32) / 127.5 - 1


# The training augmentations (Renderer keywords, flags --geometry-rate …): all 0 for the held-out set.
AUGMENTATIONS = {
    "geometry_rate": "share of training lines widened/narrowed (slanted: 0.6 of that)",
    "card_ascii_rate": "share of card/embossed training lines without accents",
    "card_digits_rate": "share of card/embossed digit lines in the stroke-drawn card face (card_digits.py)",
    "shapes_rate": "share of training crops holding non-text shapes, labelled empty",
    "initials_rate": "share of card/embossed training lines that are names with one-letter initials (JOHN Q PUBLIC)",
    "look_alike_rate": "share of training lines that are codes mixing look-alike letters and digits (O/0, I/1, S/5 …: latin_text.look_alike_code)",
    "small_rate": "share of training lines photographed 7-12 px high (a document a quarter of the photo's width)",
}


def add_augmentation_flags(parser):
    for name, text in AUGMENTATIONS.items():
        parser.add_argument("--" + name.replace("_", "-"), type=float, default=0.0, help=text)


def augmentation_rates(args):
    """The Renderer keywords of parsed flags."""
    return {name: getattr(args, name) for name in AUGMENTATIONS}


class Renderer:
    def __init__(self, seed, split="train", geometry_rate=0.0, card_ascii_rate=0.0, card_digits_rate=0.0, shapes_rate=0.0, initials_rate=0.0,
                 look_alike_rate=0.0, small_rate=0.0):
        """geometry_rate: how often a line is widened/narrowed (and, 0.6 as often, slanted);
        card_ascii_rate: how often a card or embossed line loses its accents (cards print names in
        ASCII capitals, so an accent there is more often a scratch or the embossing's shading);
        card_digits_rate: how often a card or embossed line of digits is drawn in the card face
        (card_digits.py); shapes_rate: how often a crop holds shapes that are not text (seal arcs,
        guilloche waves, specks), labelled empty, as a detector false positive does; initials_rate:
        how often a card or embossed line is a name with one-letter initials (rare in the text
        mix: a reader trained without them runs "JOHN Q" together); look_alike_rate: how often a line
        is a code mixing look-alike letters and digits (latin_text.look_alike_code); small_rate: how
        often a line is photographed 7-12 px high, as on a document a quarter of the photo's width
        (the other draws put 15 % of lines at 8-14 px).
        All 0 for the held-out set, so its figures stay comparable between runs."""
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.fonts = FontBank(split)
        self.geometry_rate = geometry_rate
        self.card_ascii_rate = card_ascii_rate
        self.card_digits_rate = card_digits_rate
        self.shapes_rate = shapes_rate
        self.initials_rate = initials_rate
        self.look_alike_rate = look_alike_rate
        self.small_rate = small_rate

    # ---- text layout ----------------------------------------------------------------------
    def layout(self, text, size, style, fam, path):
        """Draws `text` per character into an L mask; returns (mask, baseline y, x extents). Mixed
        segments (a smaller label before a value, another face of the family) and letter spacing."""
        rng = self.rng
        segments = [(text, path, 1.0)]
        if len(text) > 4 and rng.random() < 0.22:
            cut = [i for i, ch in enumerate(text) if ch == " " and 0 < i < len(text) - 1]
            if cut:
                i = rng.choice(cut)
                other = self.fonts.pick(rng, text[i:], fam) or (fam, path)
                small = rng.uniform(0.45, 0.8)
                first, second = (small, 1.0) if rng.random() < 0.6 else (1.0, small)
                segments = [(text[:i], path, first), (text[i:], other[1], second)]
        small_caps = style == "document" and rng.random() < 0.06 and text.upper() == text
        wide = rng.random() < (0.18 if style in ("card", "embossed") else 0.04)
        tracking = size * (rng.uniform(0.12, 0.55) if wide else rng.uniform(-0.03, 0.08))
        jitter = size * (rng.uniform(0.0, 0.04) if style == "embossed" else 0.0)
        pieces, x = [], 0.0
        for seg_text, seg_path, scale in segments:
            card_face = CardDigits(size * scale, rng) if seg_path == CARD_DIGITS[1] else None
            for k, ch in enumerate(seg_text):
                s = size * scale
                if small_caps and k > 0 and seg_text[k - 1] != " ":
                    s *= 0.78
                font = card_face or self.fonts.font(seg_path, max(6, int(round(s))))
                adv = font.getlength(ch)
                if ch != " ":
                    pieces.append((x, ch, font, rng.uniform(-jitter, jitter)))
                x += adv + tracking * (2.0 if ch == " " and wide else 1.0)
        width = int(x + size * 2)
        h = int(size * 2.2)
        mask = Image.new("L", (width, h), 0)
        draw = ImageDraw.Draw(mask)
        base = int(size * 1.5)
        for px, ch, font, dy in pieces:
            if isinstance(font, CardDigits):
                font.draw(draw, (px + size, base + dy), ch)
            else:
                draw.text((px + size, base + dy), ch, fill=255, font=font, anchor="ls")
        return self.reshape(mask, base), base

    def reshape(self, mask, base):
        """Type designs between the fonts: the line widened or narrowed, or slanted about its baseline."""
        rng = self.rng
        # Random numbers are drawn only when a rate is set, so the held-out set (all rates 0) is the
        # same line for line as before these augmentations existed.
        if not self.geometry_rate:
            return mask
        scale = rng.uniform(0.75, 1.3) if rng.random() < self.geometry_rate else 1.0
        shear = rng.uniform(-0.12, 0.25) if rng.random() < self.geometry_rate * 0.6 else 0.0
        if scale == 1.0 and shear == 0.0:
            return mask
        w, h = mask.size
        # Output x = scale * x + shear * (base - y) + offset, kept on the canvas.
        offset = -min(shear * (base - h), shear * base, 0.0)
        out_w = int(math.ceil(w * scale + abs(shear) * h)) + 1
        coeffs = (1 / scale, shear / scale, (-offset - shear * base) / scale, 0, 1, 0)
        return mask.transform((out_w, h), Image.AFFINE, coeffs, Image.BILINEAR)

    def line_masks(self, text, style):
        """Target-line mask and neighbours' mask on one canvas, and the target's ink box."""
        rng = self.rng
        card_digits = style in ("card", "embossed") and set(text) <= CARD_DIGIT_SYMBOLS and any(ch.isdigit() for ch in text)
        picked = CARD_DIGITS if self.card_digits_rate and card_digits and rng.random() < self.card_digits_rate else self.fonts.pick(rng, text)
        if picked is None:
            raise ValueError("no font")
        fam, path = picked
        size = rng.randint(34, 54)
        target, base = self.layout(text, size, style, fam, path)
        tw, th = target.size
        gap = size * rng.uniform(0.95, 1.7)
        H = int(th + 2 * gap + size)
        W = tw + int(size * 2)
        canvas_t = Image.new("L", (W, H), 0)
        canvas_n = Image.new("L", (W, H), 0)
        top = int((H - th) / 2)
        canvas_t.paste(target, (int(size), top))
        for direction in (-1, 1):
            if rng.random() < 0.45:
                other = random_line(rng)
                pick = self.fonts.pick(rng, other, fam) or self.fonts.pick(rng, other)
                if pick is None:
                    continue
                osize = int(size * rng.uniform(0.6, 1.2))
                m, _ = self.layout(other, osize, style, pick[0], pick[1])
                y = top + int(direction * gap) + (base - int(osize * 1.5))
                canvas_n.paste(m, (int(size * rng.uniform(-1, 3)), y), m)
        x0, y0, x1, y1 = canvas_t.getbbox()
        # Only a band around the line can reach the crop: cut it out before the costly colour work.
        margin = int(0.7 * (y1 - y0)) + 4
        band = (0, max(0, y0 - margin), W, min(H, y1 + margin))
        ink_t = np.asarray(canvas_t.crop(band), np.float32) / 255.0
        ink_n = np.asarray(canvas_n.crop(band), np.float32) / 255.0
        return ink_t, ink_n, (x0, y0 - band[1], x1, y1 - band[1]), size

    def shapes(self, shape, box):
        """Ink that is not text, where the line would be: arcs and rings of a seal, guilloche waves,
        a cluster of specks, a curved edge — what a detector box holds when it boxed no word."""
        rng = self.rng
        h, w = shape
        x0, y0, x1, y1 = box
        mask = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(mask)
        lh = max(4, y1 - y0)
        for _ in range(rng.randint(1, 4)):
            kind = rng.random()
            width = max(1, int(lh * rng.uniform(0.04, 0.14)))
            if kind < 0.35:  # an arc or ring of a seal or emblem
                r = lh * rng.uniform(0.4, 3)
                cx, cy = rng.uniform(x0, x1), rng.uniform(y0 - r / 2, y1 + r / 2)
                start = rng.uniform(0, 360)
                draw.arc((cx - r, cy - r, cx + r, cy + r), start, start + rng.uniform(40, 300), fill=255, width=width)
            elif kind < 0.7:  # a guilloche wave across the box
                amp, period, phase = lh * rng.uniform(0.08, 0.3), lh * rng.uniform(1.2, 4), rng.uniform(0, 6.3)
                cy = rng.uniform(y0, y1)
                pts = [(x, cy + amp * math.sin(phase + 2 * math.pi * x / period)) for x in range(int(x0), int(x1), 2)]
                if len(pts) > 1:
                    draw.line(pts, fill=255, width=width)
            else:  # specks and blobs
                for _ in range(rng.randint(3, 25)):
                    cx, cy, r = rng.uniform(x0, x1), rng.uniform(y0, y1), lh * rng.uniform(0.02, 0.07)
                    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
        return np.asarray(mask, np.float32) / 255.0

    # ---- backgrounds and inks --------------------------------------------------------------
    def document_paper(self, h, w):
        rng, nr = self.rng, self.np_rng
        base = np.array([rng.uniform(200, 252), rng.uniform(200, 252), rng.uniform(195, 250)], np.float32)
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        img = np.broadcast_to(base, (h, w, 3)).copy()
        if rng.random() < 0.5:  # rainbow (iris) printing: a colour gradient across
            c2 = np.array([rng.uniform(170, 250) for _ in range(3)], np.float32)
            t = np.clip(x / w * rng.uniform(0.5, 2) + rng.uniform(-0.5, 0.5), 0, 1)[..., None]
            img = img * (1 - t) + c2 * t
        for _ in range(rng.randint(0, 5)):  # guilloche: fine sinusoidal lines
            colour = np.array([rng.uniform(60, 230) for _ in range(3)], np.float32)
            fx, fy, amp = rng.uniform(0.02, 0.25), rng.uniform(0.0, 0.15), rng.uniform(2, 20)
            period = rng.uniform(3, 12)
            phase = np.sin(fx * x + rng.uniform(0, 6)) * amp + fy * x * rng.uniform(-3, 3)
            lines = np.abs(((y + phase) % period) - period / 2) < rng.uniform(0.4, 1.2)
            alpha = rng.uniform(0.1, 0.45) * lines[..., None]
            img = img * (1 - alpha) + colour * alpha
        if rng.random() < 0.25:  # microprint / dotted screen
            dots = (nr.random((h, w)) < rng.uniform(0.02, 0.15))[..., None] * rng.uniform(20, 70)
            img = img - dots
        img += nr.normal(0, rng.uniform(0, 5), (h, w, 1))
        return img

    def card_background(self, h, w):
        rng, nr = self.rng, self.np_rng
        dark = rng.random() < 0.65
        def colour():
            if dark:
                return np.array([rng.uniform(0, 140) for _ in range(3)], np.float32)
            return np.array([rng.uniform(130, 255) for _ in range(3)], np.float32)
        c1, c2 = colour(), colour()
        if rng.random() < 0.2:  # silver or gold card
            g = rng.uniform(140, 220)
            c1 = np.array([g, g, g + rng.uniform(-5, 10)], np.float32) if rng.random() < 0.5 else np.array([g + 25, g + 5, g - 50], np.float32)
            c2 = c1 * rng.uniform(0.75, 1.15)
            dark = False
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, math.pi)
        t = ((x * math.cos(angle) + y * math.sin(angle)) / max(w, h) * rng.uniform(0.5, 2.5) + rng.uniform(-0.5, 0.5)) % 1.0
        img = c1 * (1 - t[..., None]) + c2 * t[..., None]
        if rng.random() < 0.6:  # photo-like texture
            tex = smooth_noise(nr, h, w, rng.uniform(6, 60))[..., None]
            tint = np.array([rng.uniform(-1, 1) for _ in range(3)], np.float32)
            img += tex * rng.uniform(10, 45) * (0.6 + 0.4 * tint)
        if rng.random() < 0.35:  # diagonal stripes
            period = rng.uniform(8, 60)
            stripes = (((x + y * rng.uniform(-1.5, 1.5)) % period) < period / 2)[..., None]
            img += stripes * rng.uniform(-20, 20)
        if rng.random() < 0.2:  # sparkle
            img += (nr.random((h, w, 1)) < 0.01) * rng.uniform(40, 120)
        img += nr.normal(0, rng.uniform(0, 6), (h, w, 1))
        return np.clip(img, 0, 255), dark

    def compose(self, style, ink_t, ink_n, size):
        """RGB float image of the line (and neighbours) printed in the style."""
        rng, nr = self.rng, self.np_rng
        h, w = ink_t.shape
        ink = np.maximum(ink_t, ink_n)
        if style == "document" or style == "plain":
            if style == "plain":
                bg = np.broadcast_to(np.array([rng.uniform(215, 255)] * 3, np.float32), (h, w, 3)).copy()
                bg += self.np_rng.normal(0, 2, (h, w, 1))
            else:
                bg = self.document_paper(h, w)
            roll = rng.random()
            if roll < 0.6:
                colour = np.array([rng.uniform(0, 60) for _ in range(3)], np.float32)
            elif roll < 0.88:  # coloured print (labels, headings)
                colour = np.array([rng.uniform(0, 170) for _ in range(3)], np.float32)
            else:  # light text on a printed band
                colour = np.array([rng.uniform(225, 255)] * 3, np.float32)
                band = np.array([rng.uniform(20, 130) for _ in range(3)], np.float32)
                bg = bg * 0.15 + band * 0.85
            if rng.random() < 0.35:  # ink spread or thinning
                pil = Image.fromarray((ink * 255).astype(np.uint8)).filter(rng.choice([ImageFilter.MaxFilter(3), ImageFilter.MinFilter(3)]))
                ink = np.asarray(pil, np.float32) / 255.0
            a = ink[..., None] * rng.uniform(0.75, 1.0)
            img = bg * (1 - a) + colour * a
            if style == "document" and rng.random() < 0.3:  # overprint: stamp, wave or ghost image across the text
                yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
                cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.5, 3) * h
                ring = np.abs(np.hypot(xx - cx, yy - cy) - r) < rng.uniform(1, 6)
                blob = smooth_noise(nr, h, w, rng.uniform(10, 40)) > rng.uniform(0.2, 0.7)
                shape = (ring | blob if rng.random() < 0.4 else ring)[..., None]
                oc = np.array([rng.uniform(40, 230) for _ in range(3)], np.float32)
                alpha = rng.uniform(0.1, 0.4)
                img = img * (1 - alpha * shape) + oc * alpha * shape
            return img
        bg, dark = self.card_background(h, w)
        if style == "card":
            if dark:
                colour = np.array([rng.uniform(200, 255), rng.uniform(190, 255), rng.uniform(150, 255)], np.float32)
            else:
                colour = np.array([rng.uniform(0, 70) for _ in range(3)], np.float32)
            if rng.random() < 0.15:  # low-contrast print (brand text, tone on tone)
                colour = bg.mean((0, 1)) + rng.choice([-1, 1]) * rng.uniform(60, 100)
            a = ink[..., None] * rng.uniform(0.8, 1.0)
            return bg * (1 - a) + np.clip(colour, 0, 255) * a
        # Embossed or indent-printed characters.
        d = max(1, int(round(size * rng.uniform(0.02, 0.06))))
        dx, dy = rng.choice([(-d, -d), (-d, 0), (0, -d), (-d, d)])
        relief = Image.fromarray((ink * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.5)))
        soft = np.asarray(relief, np.float32) / 255.0
        high = np.roll(soft, (dy, dx), (0, 1))
        low = np.roll(soft, (-dy, -dx), (0, 1))
        indent = rng.random() < 0.2
        if indent:
            high, low = low, high
        face_kind = rng.random()
        if indent:
            face = np.array([rng.uniform(20, 90)] * 3, np.float32)
        elif face_kind < 0.45:  # silver
            face = np.array([rng.uniform(170, 230)] * 3, np.float32)
        elif face_kind < 0.65:  # gold foil
            face = np.array([rng.uniform(190, 240), rng.uniform(160, 200), rng.uniform(60, 120)], np.float32)
        elif face_kind < 0.8:  # white
            face = np.array([rng.uniform(220, 255)] * 3, np.float32)
        else:  # plain: relief only, in the card's colour
            face = None
        # The relief carries the characters where the face is close to the card's colour.
        faint = face is None or abs(lum(face) - lum(bg.mean((0, 1)))) < 50
        strength = rng.uniform(0.8, 1.0) if faint else rng.uniform(0.45, 0.9)
        img = bg * (1 - 0.85 * strength * low[..., None]) + 20 * strength * low[..., None]
        img = img * (1 - strength * high[..., None]) + 255 * strength * high[..., None]
        a = ink[..., None]
        if face is not None:
            foil = 1 + smooth_noise(nr, h, w, rng.uniform(5, 30))[..., None] * rng.uniform(0, 0.25)
            img = img * (1 - a) + np.clip(face * foil, 0, 255) * a
        if rng.random() < 0.4:  # worn tipping: face rubbed off in places
            worn = (smooth_noise(nr, h, w, rng.uniform(3, 12)) > rng.uniform(0.3, 0.8))[..., None] * a
            img = img * (1 - worn) + bg * worn
        return img

    # ---- camera ------------------------------------------------------------------------------
    def lighting(self, img):
        rng, nr = self.rng, self.np_rng
        h, w, _ = img.shape
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        gain = 1 + rng.uniform(-0.3, 0.3) * (x / w - 0.5) + rng.uniform(-0.2, 0.2) * (y / h - 0.5)
        img = img * gain[..., None] * rng.uniform(0.6, 1.15) + rng.uniform(-20, 25)
        if rng.random() < 0.12:  # glare: a bright soft blob or streak
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if rng.random() < 0.5:
                r = rng.uniform(0.3, 2.0) * h
                g = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r))
            else:
                slope = rng.uniform(-2, 2)
                g = np.exp(-((x - cx) + slope * (y - cy)) ** 2 / (2 * (rng.uniform(0.1, 0.8) * h) ** 2))
            img = img + rng.uniform(50, 160) * g[..., None]
        return img

    def sample(self, text=None, style=None):
        """Returns (RGB uint8 array CROP_HEIGHT x W x 3 as the engine crops it, text, style)."""
        rng, nr = self.rng, self.np_rng
        if style is None:
            style = rng.choices(["document", "card", "embossed", "plain"], [0.45, 0.25, 0.18, 0.12])[0]
        blank = text is None and rng.random() < 0.02
        for _ in range(20):
            line = text or random_line(rng, max_len=40)
            if self.initials_rate and style in ("card", "embossed") and text is None and rng.random() < self.initials_rate:
                line = initialled_name(rng)
            if self.look_alike_rate and text is None and rng.random() < self.look_alike_rate:
                line = look_alike_code(rng)
            if style == "embossed" and text is None and rng.random() < 0.7:
                line = line.upper() if rng.random() < 0.8 else line
                line = "".join(ch for ch in line if ch in CHARSET_SET) or line
            if self.card_ascii_rate and style in ("card", "embossed") and text is None and rng.random() < self.card_ascii_rate:
                line = ascii_folded(line)
            try:
                ink_t, ink_n, box, size = self.line_masks(line, style)
                break
            except ValueError:
                text = None
        else:
            raise RuntimeError("no font covers the texts drawn")
        if blank:  # a detector box with no text in it (texture, portrait edge, guilloche)
            ink_t, line = ink_t * 0, ""
        elif self.shapes_rate and text is None and rng.random() < self.shapes_rate:  # ink that is not text: no label
            ink_t, line = self.shapes(ink_t.shape, box), ""
        img = self.compose(style, ink_t, ink_n, size)
        img = self.lighting(img)
        if rng.random() < 0.1:  # faded print: contrast loss
            img = img * rng.uniform(0.3, 0.7) + rng.uniform(60, 160)
        img = np.clip(img, 0, 255).astype(np.uint8)

        # The detector's box around the target line (see the module doc).
        x0, y0, x1, y1 = box
        ink_h = y1 - y0
        fill = rng.uniform(0.72, 1.0)
        if rng.random() < 0.1:
            fill = rng.uniform(0.58, 0.72)
        elif rng.random() < 0.05:
            fill = rng.uniform(1.0, 1.1)
        crop_h = ink_h / fill
        cy = (y0 + y1) / 2 + rng.gauss(0, 0.04) * crop_h
        left = x0 - rng.uniform(-0.03, 0.25) * crop_h
        right = x1 + rng.uniform(-0.03, 0.25) * crop_h
        top, bottom = cy - crop_h / 2, cy + crop_h / 2
        # Perspective and tilt: the crop's corners moved a little (PIL maps output corners to input points).
        j = 0.05 * crop_h * rng.random()
        tilt = math.tan(math.radians(rng.uniform(-1.5, 1.5))) * (right - left) / 2
        corners = [(left + rng.uniform(-j, j), top - tilt + rng.uniform(-j, j)), (left + rng.uniform(-j, j), bottom - tilt + rng.uniform(-j, j)),
                   (right + rng.uniform(-j, j), bottom + tilt + rng.uniform(-j, j)), (right + rng.uniform(-j, j), top + tilt + rng.uniform(-j, j))]
        out_w = max(4, int(round(right - left)))
        out_h = max(4, int(round(crop_h)))
        pil = Image.fromarray(img)
        # Optical blur happens before sampling: sigma in photo pixels, converted to canvas pixels.
        if self.small_rate and rng.random() < self.small_rate:
            src_h = rng.uniform(7, 12)
        else:
            src_h = rng.choices([rng.uniform(8, 14), rng.uniform(14, 40), rng.uniform(40, 64)], [0.15, 0.55, 0.3])[0]
        canvas_per_src = out_h / src_h
        sigma = rng.uniform(0, 1.0 if src_h >= 14 else 0.6) * canvas_per_src if rng.random() < 0.75 else 0
        if sigma > 0.3:
            pil = pil.filter(ImageFilter.GaussianBlur(sigma))
        if rng.random() < 0.1:  # motion blur along a random direction
            k = max(3, int(rng.uniform(1, 3) * canvas_per_src) | 1)
            kernel = np.zeros((k, k), np.float32)
            if rng.random() < 0.5:
                kernel[k // 2, :] = 1
            else:
                np.fill_diagonal(kernel, 1)
            pil = pil.filter(ImageFilter.Kernel((k, k), kernel.flatten().tolist(), scale=float(kernel.sum()))) if k <= 5 else pil.filter(ImageFilter.BoxBlur(k // 2))
        pil = pil.transform((out_w, out_h), Image.QUAD, [c for p in corners for c in p], Image.BILINEAR)
        # The photo's resolution: the box as many pixels high as the print had in the photo.
        sw = max(2, int(round(out_w / canvas_per_src)))
        sh = max(2, int(round(src_h)))
        pil = pil.resize((sw, sh), Image.BOX if sh < out_h else Image.BILINEAR)
        arr = np.asarray(pil, np.float32)
        arr = arr + nr.normal(0, rng.uniform(0, 7), arr.shape[:2] + (1,)) + nr.normal(0, rng.uniform(0, 3), arr.shape)
        pil = Image.fromarray(np.clip(np.round(arr), 0, 255).astype(np.uint8))
        if rng.random() < 0.6:
            buf = io.BytesIO()
            pil.save(buf, "JPEG", quality=rng.randint(20, 92))
            pil = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
        # cropTextLine warps the box straight to 48 px high (bilinear when enlarging).
        cw = max(1, int(round(sw * CROP_HEIGHT / sh)))
        pil = pil.resize((cw, CROP_HEIGHT), Image.BILINEAR if sh < CROP_HEIGHT else Image.BOX)
        return np.asarray(pil, np.uint8), line, style


def model_input(crop):
    """A 48-px RGB crop as the reader prepares it for this model: resized to 32 px high (area
    averaging), BT.601 gray as toGray, then the per-line stretch. Returns float32 levels 0..255."""
    h, w = crop.shape[:2]
    width = max(1, min(4096, int(round(w * HEIGHT / h))))
    small = np.asarray(Image.fromarray(crop).resize((width, HEIGHT), Image.BOX), np.int32)
    gray = (306 * small[..., 0] + 601 * small[..., 1] + 117 * small[..., 2] + 512) >> 10
    return stretch(gray.astype(np.float32))


def stretch(gray):
    """The engine's per-line contrast stretch (packages/sdk/src/engine/ocr/frame-tensor.ts): the
    2nd percentile to 0, the 98th to 255, nearest-rank percentiles. Returns float32 levels."""
    ranked = np.sort(gray, axis=None)
    lo = ranked[int(0.02 * (ranked.size - 1))]
    hi = max(lo + 1, ranked[int(0.98 * (ranked.size - 1))])
    return np.clip((gray - lo) * 255.0 / (hi - lo), 0, 255).astype(np.float32)


def dump_eval(directory, per_style, seed):
    """The held-out line set: held-out font families only, per style, PNG crops as the engine cuts
    them (48 px high, RGB) and truth.tsv (file, style, text)."""
    os.makedirs(directory, exist_ok=True)
    r = Renderer(seed, split="heldout")
    rows = ["file\tstyle\ttext"]
    for style in EVAL_STYLES:
        for i in range(per_style):
            crop, text = None, ""
            while not text:  # every evaluation line has text
                crop, text, _ = r.sample(style=style)
            name = f"{style}-{i:04d}.png"
            Image.fromarray(crop).save(os.path.join(directory, name), optimize=False, compress_level=6)
            rows.append(f"{name}\t{style}\t{text}")
    with open(os.path.join(directory, "truth.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    print(f"{len(rows) - 1} held-out lines in {directory}")


def sheet(path, samples, width=900):
    rows = []
    for crop, text, style in samples:
        rows.append(crop[:, :width])
        rows.append(np.repeat(model_input(crop)[:, :width, None].astype(np.uint8), 3, 2) if True else None)
    total = sum(r.shape[0] + 3 for r in rows)
    out = np.full((total, width, 3), (255, 0, 255), np.uint8)
    y = 0
    for r in rows:
        out[y:y + r.shape[0], :r.shape[1]] = r
        y += r.shape[0] + 3
    Image.fromarray(out).save(path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump-eval", metavar="DIR", help="write the held-out line set (held-out fonts, card and document styles) to DIR")
    parser.add_argument("--per-style", type=int, default=120)
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--split", default="train", choices=["train", "heldout"])
    parser.add_argument("--style", default=None)
    add_augmentation_flags(parser)
    args = parser.parse_args()
    if args.dump_eval:
        dump_eval(args.dump_eval, args.per_style, args.seed)
    else:
        r = Renderer(args.seed, split=args.split, **augmentation_rates(args))
        samples = [r.sample(style=args.style) for _ in range(14)]
        for _, text, style in samples:
            print(style, "|", text)
        sheet(f"/tmp/latin-samples-{args.split}.png", samples)
