/**
 * Words printed over specimens and cancelled documents — "specimen", "sample", "void" and their
 * kin in the EU's languages, the UK's, the US's and Canada's — folded (`foldText`: capitals, no
 * accents; Ø → O). A stamp lies across the fields, so the reader gives it as a line of its own or
 * beside a value; taken whole it is never a name, place or authority, and leaving the field empty
 * is better than filling it with one.
 */
const stampPhrases: ReadonlySet<string> = new Set([
  // English, French, Romanian, Dutch, Italian…
  'SPECIMEN',
  'SAMPLE',
  'VOID',
  'FAKE',
  'FAKE DOCUMENT',
  'NOT VALID',
  'INVALID',
  'CANCELLED',
  'CANCELED',
  'FACSIMILE',
  'FAC SIMILE',
  // German, Dutch
  'MUSTER',
  'UNGULTIG',
  'VOORBEELD',
  'ONGELDIG',
  // Spanish, Portuguese, Italian
  'ESPECIMEN',
  'ESPECIME',
  'MUESTRA',
  'AMOSTRA',
  'ANULADO',
  'ESEMPLARE',
  'ANNULLATO',
  'ANNULE',
  // Polish, Czech, Slovak, Slovenian, Croatian, Hungarian
  'WZOR',
  'VZOR',
  'VZOREC',
  'UZORAK',
  'MINTA',
  // Nordic and Baltic
  'PROV',
  'PROVE',
  'EKSEMPEL',
  'NAYTE',
  'MALLI',
  'NAIDIS',
  'PARAUGS',
  'PAVYZDYS',
  // Maltese, Irish; Bulgarian and Greek as their Latin transliterations read them
  'KAMPJUN',
  'SAMPLA',
  'OBRAZETS',
  'DEIGMA',
]);

/** Whether folded text is a stamp and nothing else (separators and repeats allowed: "SPECIMEN / MUSTER"). */
export function isStampText(folded: string): boolean {
  const words = folded
    .replace(/[^A-Z ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return false;
  // Whole phrases first ("FAKE DOCUMENT"), then word by word.
  if (stampPhrases.has(words.join(' '))) return true;
  return words.every((word) => stampPhrases.has(word));
}
