import { LitElement, type PropertyDeclarations } from 'lit';
import { browserLanguage, translate, type MessageKey, type TranslationOverrides } from '../i18n/translations.ts';

/** `light`, `dark`, or `auto` (the user's `prefers-color-scheme`). */
export type Theme = 'auto' | 'light' | 'dark';

/**
 * The nearest `lang` above an element, crossing shadow roots (a component inside another); where
 * neither the element nor anything around it (up to `<html>`) has one, the browser's language.
 */
export function inheritedLang(element: Element): string {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.getAttribute('lang')) return node.getAttribute('lang')!;
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return browserLanguage();
}

/**
 * Base of every idlens element: texts by `lang` (en, de, fr, es, it, pl, pt, nl; the nearest
 * ancestor's `lang` when the element has none, else the browser's language) with a `translations`
 * override map, and a `theme` (light/dark, by default the user's colour-scheme preference).
 */
export class IdlensElement extends LitElement {
  static override properties: PropertyDeclarations = {
    lang: { type: String, reflect: true },
    theme: { type: String, reflect: true },
    translations: { attribute: false },
  };

  /** Per-language or flat text overrides (see README, "Translations"). */
  declare translations: TranslationOverrides;
  /** `auto` (default: dark when the user prefers it), `light` or `dark`. */
  declare theme: Theme | undefined;

  constructor() {
    super();
    this.translations = {};
  }

  /** The language the texts are in (own, inherited, or the browser's). */
  get language(): string {
    return this.lang || inheritedLang(this);
  }

  /** The text for `key` in the element's language. */
  t(key: MessageKey, vars?: Record<string, string | number>): string {
    return translate(this.language, key, vars, this.translations);
  }
}
