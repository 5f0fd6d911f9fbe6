import { describe, expect, it } from 'vitest';
import { foldText } from '../../packages/sdk/src/engine/document/visual/fold-text.ts';
import { labelSeparator, matchLabel } from '../../packages/sdk/src/engine/document/visual/match-label.ts';
import type { VisualField } from '../../packages/sdk/src/engine/document/visual/field-labels.ts';
import { titleTypeOf } from '../../packages/sdk/src/engine/document/visual/document-title.ts';
import { documentTitles, labelTexts } from '../support/procedural/label-texts.ts';

/** The dictionary field a generated label of something that is no result field belongs to. */
const noResultField: Record<string, VisualField> = {
  height: 'unread',
  eyes: 'unread',
  documentType: 'unread',
  stateCode: 'unread',
  cardAccessNumber: 'documentAdditionalNumber',
  signature: 'signature',
  permitType: 'unread',
  remarks: 'unread',
};

/**
 * Wording the two tables file differently on purpose: French `Nom` is the surname, Catalan `Nom` the
 * given name (the dictionary keeps the first; the assigner decides by place); the US `Class` the
 * generator prints as a document type is the dictionary's vehicle class.
 */
const knownDifferences = new Set(['firstName:ca:Nom', 'documentType:us:Class']);

describe('the label dictionary', () => {
  it('holds every label the document generator prints, each for its field, as a whole label', () => {
    const missing: string[] = [];
    for (const [field, byLanguage] of Object.entries(labelTexts)) {
      for (const [language, texts] of Object.entries(byLanguage as Record<string, readonly string[]>)) {
        for (const text of texts) {
          if (knownDifferences.has(`${field}:${language}:${text}`)) continue;
          const folded = foldText(text);
          const match = matchLabel(folded, 0, null);
          const rest = match ? [...folded.slice(match.end)].filter((c) => !labelSeparator.test(c)).join('') : folded;
          const want = noResultField[field] ?? field;
          if (!match || rest !== '' || match.field !== want) missing.push(`${field} (${language}): ${text}${match ? ` → ${match.field}` : ''}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('names the type of every title the document generator prints, on a line of its own, and of none inside a word', () => {
    const wrong: string[] = [];
    for (const [type, byLanguage] of Object.entries(documentTitles)) {
      for (const [language, title] of Object.entries(byLanguage as Record<string, string>)) {
        const folded = foldText(title)
          .replace(/[^A-Z0-9]+/g, ' ')
          .trim();
        const found = titleTypeOf(['REPUBLIC', folded, 'SURNAME']);
        if (found !== type) wrong.push(`${type} (${language}): ${title} → ${found}`);
      }
    }
    expect(wrong).toEqual([]);
    // The short ones (PAS, PASS) are words of names and labels too.
    expect(titleTypeOf(['PASCAL DUBOIS', 'PASS NR 12345', 'PASSAGE DU NORD'])).toBeNull();
  });
});
