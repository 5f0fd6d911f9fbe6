// Photographs and artwork from Debian packages — the clutter real photos have around and on a
// document (wood, stone, foliage, fabric, printed card art) — for the text detector's distillation
// (test/support/dump-text-det-data.ts). Their text labels come from the teacher, so any picture
// serves. Install: apt-get install -y gnome-backgrounds mate-backgrounds plasma-workspace-wallpapers python3-skimage
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const roots = ['/usr/share/backgrounds', '/usr/share/wallpapers', '/usr/lib/python3/dist-packages/skimage/data'];
const pictureExtension = /\.(jpe?g|png|webp)$/i;
/** Pictures smaller than this (px on the short side) are icons, palettes or test patterns. */
const minShortSide = 256;
/** Decoded pictures are kept at most this long (px) so that hundreds of crops stay quick. */
const keptLongSide = 1600;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : pictureExtension.test(name) ? [full] : [];
  });
}

/**
 * One file per picture: a KDE wallpaper folder holds the same picture at many sizes
 * (`contents/images/1920x1080.jpg` …), of which the first in name order stands for all.
 */
export function listDebianPhotos(): string[] {
  const seen = new Set<string>();
  const files = roots.flatMap(filesUnder).filter((file) => {
    if (/\/screenshot\.\w+$/.test(file)) return false; // a wallpaper's preview
    const sized = /\/contents\/images[^/]*\/\d+x\d+\.\w+$/.exec(file);
    const key = sized ? path.dirname(file) : file;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (files.length === 0)
    throw new Error(`no pictures under ${roots.join(', ')}: apt-get install -y gnome-backgrounds mate-backgrounds plasma-workspace-wallpapers python3-skimage`);
  return files;
}

const decoded = new Map<string, Promise<{ png: Buffer; width: number; height: number } | null>>();

function picture(file: string) {
  let entry = decoded.get(file);
  if (!entry) {
    entry = sharp(file)
      .rotate()
      .resize(keptLongSide, keptLongSide, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .png()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => (Math.min(info.width, info.height) < minShortSide ? null : { png: data, width: info.width, height: info.height }))
      .catch(() => null); // a broken file, such as scikit-image's truncated.jpg test image
    decoded.set(file, entry);
  }
  return entry;
}

/** A `width`×`height` PNG cut from a random picture: a random region (a quarter to all of it), maybe mirrored. */
export async function photoCrop(files: readonly string[], random: () => number, width: number, height: number): Promise<Buffer> {
  for (;;) {
    const source = await picture(files[Math.floor(random() * files.length)]!);
    if (!source) continue;
    const share = 0.5 + random() * 0.5;
    const aspect = width / height;
    let w = source.width * share;
    let h = w / aspect;
    if (h > source.height * share) {
      h = source.height * share;
      w = h * aspect;
    }
    const left = Math.floor(random() * (source.width - w));
    const top = Math.floor(random() * (source.height - h));
    let crop = sharp(source.png)
      .extract({ left, top, width: Math.max(1, Math.floor(w)), height: Math.max(1, Math.floor(h)) })
      .resize(width, height, { fit: 'fill' });
    if (random() < 0.5) crop = crop.flop();
    return crop.png().toBuffer();
  }
}
