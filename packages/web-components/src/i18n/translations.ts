import { de } from './messages-de.ts';
import { en, type MessageKey, type Messages } from './messages-en.ts';
import { es } from './messages-es.ts';
import { fr } from './messages-fr.ts';
import { it } from './messages-it.ts';
import { nl } from './messages-nl.ts';
import { pl } from './messages-pl.ts';
import { pt } from './messages-pt.ts';

export type { MessageKey, Messages };

/** The built-in languages; any other `lang` falls back to English. */
export const translations = { en, de, fr, es, it, pl, pt, nl } as const satisfies Record<string, Messages>;
export type Language = keyof typeof translations;

/**
 * Per-language overrides, e.g. `{ en: { aimCard: 'Hold your card here' }, nl: { … } }`, or a flat
 * `{ aimCard: '…' }` map that applies whatever the language. A new language needs only the keys
 * it changes; the rest falls back to English.
 */
export type TranslationOverrides = Partial<Record<MessageKey, string>> | Record<string, Partial<Record<MessageKey, string>>>;

/** Whether there is a built-in table for `lang` (by its primary subtag). */
export function hasLanguage(lang: string): boolean {
  return Object.hasOwn(translations, resolveLanguage(lang));
}

/**
 * The first of the browser's preferred languages (`navigator.languages`) with a built-in table, or
 * English: what the components speak when no `lang` is set on them or around them.
 */
export function browserLanguage(preferred: readonly string[] = globalThis.navigator?.languages ?? []): string {
  return preferred.find(hasLanguage) ?? 'en';
}

/** `de-CH` → `de`; unknown or empty → `en`. */
export function resolveLanguage(lang: string | null | undefined): string {
  return (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] || 'en';
}

/** The text for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(
  lang: string | null | undefined,
  key: MessageKey,
  vars: Record<string, string | number> = {},
  overrides: TranslationOverrides = {},
): string {
  const language = resolveLanguage(lang);
  const perLanguage = (overrides as Record<string, unknown>)[language];
  const override = typeof perLanguage === 'object' && perLanguage ? (perLanguage as Partial<Messages>)[key] : undefined;
  const flat = (overrides as Partial<Messages>)[key];
  const table = (translations as Record<string, Messages>)[language] ?? en;
  const template = override ?? (typeof flat === 'string' ? flat : undefined) ?? table[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
