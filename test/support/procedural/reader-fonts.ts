/**
 * `IDLENS_GENERATOR_FONTS=reader`: the procedural generator sets its documents in the Latin line
 * reader's own training families (Debian's font packages, `models/training/latin_render.py` FAMILIES,
 * none of its held-out ones) instead of DejaVu and Liberation. For calibration pages only: the field
 * assigner learned from DejaVu and Liberation, which the reader reads almost without a slip, so its
 * reading thresholds chosen there let through the misreads of type it reads less well. Imported
 * before `../fonts.ts`, which points fontconfig at these families' folders; unset (tests, training
 * dumps), nothing changes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Family and its regular file (the folder fontconfig is given is the file's). */
const readerTrainingFonts = [
  { family: 'Lato', file: '/usr/share/fonts/truetype/lato/Lato-Regular.ttf' },
  { family: 'Carlito', file: '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf' },
  { family: 'Caladea', file: '/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf' },
  { family: 'Roboto', file: '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf' },
  { family: 'Charis SIL', file: '/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf' },
  { family: 'Linux Libertine O', file: '/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf' },
  { family: 'Linux Biolinum O', file: '/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf' },
  { family: 'PT Sans', file: '/usr/share/fonts/truetype/paratype/PTS55F.ttf' },
  { family: 'PT Serif', file: '/usr/share/fonts/truetype/paratype/PTF55F.ttf' },
  { family: 'Cabin', file: '/usr/share/fonts/opentype/cabin/Cabin-Regular.otf' },
  { family: 'Andika', file: '/usr/share/fonts/truetype/andika/Andika-Regular.ttf' },
  { family: 'B612', file: '/usr/share/fonts/opentype/b612/B612-Regular.otf' },
  { family: 'Hack', file: '/usr/share/fonts/truetype/hack/Hack-Regular.ttf' },
  { family: 'EB Garamond', file: '/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf' },
] as const;

/** The families the generator draws from under `IDLENS_GENERATOR_FONTS=reader`, null otherwise. */
export const readerFontFamilies: readonly string[] | null = (() => {
  if (process.env.IDLENS_GENERATOR_FONTS !== 'reader') return null;
  const missing = readerTrainingFonts.filter((f) => !existsSync(f.file));
  if (missing.length > 0)
    throw new Error(`IDLENS_GENERATOR_FONTS=reader: missing ${missing.map((f) => f.file).join(', ')} (Debian's font packages, models/training/README.md)`);
  const dirs = new Set([...(process.env.IDLENS_EVAL_FONT_DIRS ?? '').split(':').filter(Boolean), ...readerTrainingFonts.map((f) => path.dirname(f.file))]);
  process.env.IDLENS_EVAL_FONT_DIRS = [...dirs].join(':');
  return readerTrainingFonts.map((f) => f.family);
})();
