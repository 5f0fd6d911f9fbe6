import type { AamvaElementKind } from './aamva-elements.ts';

/** How a value of one element kind must look before its element ID is believed. */
export interface ElementKindRule {
  /** A value is at least this long, so the next element ID cannot start sooner. */
  minLength: number;
  /** What the value starts with (anchored). */
  startsWith?: RegExp;
  /** The standard's fixed length: anything after it in the same token belongs to the next element. */
  fixedLength?: number;
}

/**
 * Value shapes per element kind, from the field formats of the AAMVA standard (F8N dates, F1 sex and
 * indicators, F2A jurisdiction, F3A country…). They let the splitter tell a real element boundary
 * from the same three letters inside a value when a scanner dropped the separators.
 */
export const elementKindRules: Record<AamvaElementKind, ElementKindRule> = {
  text: { minLength: 0 },
  'required-text': { minLength: 1 },
  date: { minLength: 8, startsWith: /^\d{8}/, fixedLength: 8 },
  sex: { minLength: 1, startsWith: /^[0-9MFXU]/, fixedLength: 1 },
  flag: { minLength: 1, startsWith: /^[A-Z0-9]/, fixedLength: 1 },
  jurisdiction: { minLength: 2, startsWith: /^[A-Z]{2}/, fixedLength: 2 },
  country: { minLength: 3, startsWith: /^[A-Z]{3}/, fixedLength: 3 },
  height: { minLength: 3, startsWith: /^ ?\d/ },
  weight: { minLength: 2, startsWith: /^ ?\d/ },
  'postal-code': { minLength: 5, startsWith: /^(?:\d{5}|[A-Z]\d[A-Z])/ },
  colour: { minLength: 2, startsWith: /^[A-Z]{2}/ },
};
