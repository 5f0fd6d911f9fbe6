import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './paths.ts';
import { escapeXml } from './escape-xml.ts';
// Sets the font folders of the generator's calibration type (IDLENS_GENERATOR_FONTS) before they are read below.
import './procedural/reader-fonts.ts';

/**
 * Points fontconfig (used by sharp's SVG text rendering) at the fonts that travel with the
 * repository (`test/assets/fonts`) and the `dejavu-fonts-ttf` npm package, and at nothing else.
 * Generated images then look the same on every machine, and a fresh machine needs no system fonts
 * (Debian's fonts-ocr-b was the silent difference between "OCR B" and a DejaVu fallback).
 *
 * fontconfig reads FONTCONFIG_FILE when it first renders text, so this module must be imported
 * before the first render: the renderers in test/support import it for their side effect.
 */
function useProjectFonts(): void {
  if (process.env.IDLENS_SYSTEM_FONTS === '1') return; // escape hatch for comparing with system fonts
  const require = createRequire(import.meta.url);
  const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'idlens-fontconfig');
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${escapeXml(path.join(repoRoot, 'test', 'assets', 'fonts'))}</dir>
  <dir>${escapeXml(dejavu)}</dir>
${extraFontDirs()
  .map((dir) => `  <dir>${escapeXml(dir)}</dir>`)
  .join('\n')}
  <cachedir>${escapeXml(cacheDir)}</cachedir>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = file;
}

/**
 * Font folders added for evaluations and calibration pages only (`IDLENS_EVAL_FONT_DIRS`,
 * colon-separated, set by `pnpm eval` — typefaces the project's recognizers were never trained on —
 * and by `IDLENS_GENERATOR_FONTS=reader`, `procedural/reader-fonts.ts`). Tests never set either, so
 * what they render does not depend on the machine's fonts.
 */
function extraFontDirs(): string[] {
  return (process.env.IDLENS_EVAL_FONT_DIRS ?? '').split(':').filter((dir) => dir && existsSync(dir));
}

useProjectFonts();
