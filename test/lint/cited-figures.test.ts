import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs' figures name the runs they come from; a run's summary cited as docs/figures/<run>.md must
// be committed there, and a summary kept there must be cited (else nothing says what it is for).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const figures = path.join(root, 'docs/figures');

async function citingTexts(): Promise<string> {
  const docs = (await readdir(path.join(root, 'docs'), { recursive: true })).filter((f) => f.endsWith('.md') && !f.startsWith('figures'));
  const texts = await Promise.all(
    [...docs.map((f) => path.join(root, 'docs', f)), path.join(root, 'CHANGELOG.md'), path.join(root, 'README.md')].map((f) => readFile(f, 'utf8')),
  );
  return texts.join('\n');
}

function citedFigures(text: string): string[] {
  return [...new Set([...text.matchAll(/docs\/figures\/((?:bench|eval)-[0-9T-]+Z\.md)/g)].map((m) => m[1]!))].sort();
}

describe('docs/figures', () => {
  it('holds every run summary the docs cite, and only those', async () => {
    const kept = (await readdir(figures)).filter((f) => f !== 'README.md').sort();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(citedFigures(await citingTexts()));
  });

  it('finds citations the way the docs write them (the check is not vacuous)', () => {
    expect(citedFigures('see `docs/figures/bench-2026-12-02T23-57-15-360Z.md` and docs/figures/eval-2026-01-01T00-00-00-000Z.md')).toEqual([
      'bench-2026-12-02T23-57-15-360Z.md',
      'eval-2026-01-01T00-00-00-000Z.md',
    ]);
  });
});
