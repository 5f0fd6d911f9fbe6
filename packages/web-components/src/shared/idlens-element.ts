import { LitElement, type PropertyDeclarations } from 'lit';
import { translate, type MessageKey, type TranslationOverrides } from '../i18n/translations.ts';

/** The nearest `lang` above an element, crossing shadow roots (a component inside another). */
export function inheritedLang(element: Element): string {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.getAttribute('lang')) return node.getAttribute('lang')!;
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return document.documentElement.lang || 'en';
}

/**
 * Base of every idlens element: texts by `lang` (en, de, fr, es; the nearest ancestor's `lang`
 * when the element has none) with a `translations` override map.
 */
export class IdlensElement extends LitElement {
  static override properties: PropertyDeclarations = {
    lang: { type: String, reflect: true },
    translations: { attribute: false },
  };

  /** Per-language or flat text overrides (see README, "Translations"). */
  declare translations: TranslationOverrides;

  constructor() {
    super();
    this.translations = {};
  }

  /** The text for `key` in the element's language. */
  t(key: MessageKey, vars?: Record<string, string | number>): string {
    return translate(this.lang || inheritedLang(this), key, vars, this.translations);
  }
}
