import { createHash } from 'node:crypto';
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
  const config = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${escapeXml(path.join(repoRoot, 'test', 'assets', 'fonts'))}</dir>
  <dir>${escapeXml(dejavu)}</dir>
${extraFontDirs()
  .map((dir) => `  <dir>${escapeXml(dir)}</dir>`)
  .join('\n')}
  <cachedir>${escapeXml(cacheDir)}</cachedir>
  <match target="pattern">
    <edit name="family" mode="append_last" binding="strong"><string>${fallbackFamily}</string></edit>
  </match>
</fontconfig>
`;
  // One file per configuration: processes run side by side with other font folders (an eval, a
  // dump in the reader's type, the tests) must not rewrite each other's configuration.
  const file = path.join(cacheDir, `fonts-${createHash('sha256').update(config).digest('hex').slice(0, 12)}.conf`);
  writeFileSync(file, config);
  process.env.FONTCONFIG_FILE = file;
}

/**
 * The face of a family not installed here — the corpus templates name their designers' faces (Gill
 * Sans, Lack, Karla, Space Grotesk, Bellefair …) — whatever else is installed. Without it fontconfig
 * picks the face nearest in weight from any family: under `pnpm eval`, whose held-out typefaces
 * (IDLENS_EVAL_FONT_DIRS) bring light and medium weights, a template's light Gill Sans label came out
 * in JetBrains Mono Light, a third wider, and ran under its value (`id_card_td2_a/back`:
 * `Carte valable jusq15.01.2029`). Liberation Sans is a plain sans with Arial's widths: a stand-in for
 * the designers' faces, as any installed face would be, but one that no longer depends on the machine.
 */
export const fallbackFamily = 'Liberation Sans';

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
