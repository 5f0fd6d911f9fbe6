import { describe, expect, it } from 'vitest';
import { en } from './messages-en.ts';
import { browserLanguage, resolveLanguage, translate, translations } from './translations.ts';

describe('translations', () => {
  it('every language has exactly the English keys, none empty, and keeps the placeholders', () => {
    const keys = Object.keys(en).sort();
    for (const [lang, table] of Object.entries(translations)) {
      expect(Object.keys(table).sort(), lang).toEqual(keys);
      for (const key of keys) {
        const text = (table as Record<string, string>)[key]!;
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders((en as Record<string, string>)[key]!));
      }
    }
  });

  it('picks the language by its primary subtag and falls back to English', () => {
    expect(resolveLanguage('de-CH')).toBe('de');
    expect(resolveLanguage('FR_ca')).toBe('fr');
    expect(resolveLanguage('')).toBe('en');
    expect(translate('de-AT', 'startCamera')).toBe('Kamera starten');
    expect(translate('es', 'startCamera')).toBe('Iniciar cámara');
    expect(translate('nl', 'startCamera')).toBe('Camera starten');
    expect(translate('sv', 'startCamera')).toBe('Start camera');
  });

  it('has en, de, fr, es, it, pl, pt and nl', () => {
    expect(Object.keys(translations).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
  });

  it('the browser language: the first preferred one with a table, else English', () => {
    expect(browserLanguage(['sv-SE', 'pl-PL', 'de'])).toBe('pl-PL');
    expect(browserLanguage(['sv', 'fi'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('fills placeholders and applies per-language and flat overrides', () => {
    expect(translate('fr', 'stepOf', { n: 1, total: 2 })).toBe('Étape 1 sur 2');
    expect(translate('de', 'startCamera', {}, { de: { startCamera: 'Los geht’s' } })).toBe('Los geht’s');
    expect(translate('en', 'startCamera', {}, { de: { startCamera: 'Los geht’s' } })).toBe('Start camera');
    expect(translate('es', 'upload', {}, { upload: 'Elegir archivo' })).toBe('Elegir archivo');
    // A language without a built-in table works through overrides alone.
    expect(translate('sv', 'upload', {}, { sv: { upload: 'Ladda upp ett foto' } })).toBe('Ladda upp ett foto');
  });
});
