/**
 * Typefaces the project's recognizers never trained on (models/training/latin_render.py HELD_OUT),
 * from Debian's font packages, for judging reading on unseen styles. Imported first by `pnpm eval`
 * so that fontconfig (test/support/fonts.ts) sees their folders; a family whose file is missing is
 * left out of the evaluation, and the report says which were used.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Family, its regular file, and the Debian package that brings it. */
export const heldOutFonts = [
  { family: 'Open Sans', file: '/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf', debianPackage: 'fonts-open-sans' },
  { family: 'Roboto Slab', file: '/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Regular.otf', debianPackage: 'fonts-roboto-slab' },
  { family: 'Cantarell', file: '/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf', debianPackage: 'fonts-cantarell' },
  { family: 'Go', file: '/usr/share/fonts/fonts-go/Go-Regular.ttf', debianPackage: 'fonts-go' },
  { family: 'JetBrains Mono', file: '/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf', debianPackage: 'fonts-jetbrains-mono' },
  { family: 'P052', file: '/usr/share/fonts/opentype/urw-base35/P052-Roman.otf', debianPackage: 'fonts-urw-base35' },
] as const;

/** The held-out families installed here. */
export const installedHeldOutFonts = heldOutFonts.filter((f) => existsSync(f.file));

process.env.IDLENS_EVAL_FONT_DIRS = [...new Set(installedHeldOutFonts.map((f) => path.dirname(f.file)))].join(':');

// The figures on unseen styles come out 0 / 0 without them: say so where the run is watched.
const missingFontPackages = heldOutFonts.filter((f) => !installedHeldOutFonts.includes(f)).map((f) => f.debianPackage);
if (missingFontPackages.length > 0) {
  console.error(`eval: held-out typefaces missing, left out of the card figures (apt-get install -y ${missingFontPackages.join(' ')})`);
}
