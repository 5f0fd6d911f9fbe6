import { css } from 'lit';

/**
 * Look shared by all components. Everything a brand changes is a custom property:
 * `--idlens-accent`, `--idlens-on-accent`, `--idlens-radius`, `--idlens-font`, `--idlens-text`,
 * `--idlens-muted`, `--idlens-surface`, `--idlens-border`, `--idlens-success`, `--idlens-warning`,
 * `--idlens-danger`, `--idlens-guide`, `--idlens-viewport-aspect`.
 *
 * Dark by the user's `prefers-color-scheme` unless `theme="light"`, or always with `theme="dark"`:
 * the same properties then default to a dark palette (text on it at 4.5:1 or more).
 */
/** The dark palette: one list for `theme="dark"` and for the user's dark preference. */
const darkPalette = css`
    --_accent: var(--idlens-accent, #93c5fd);
    --_on-accent: var(--idlens-on-accent, #0b1220);
    --_text: var(--idlens-text, #e2e8f0);
    --_muted: var(--idlens-muted, #a3b1c6);
    --_surface: var(--idlens-surface, #0f172a);
    --_border: var(--idlens-border, #475569);
    --_success: var(--idlens-success, #4ade80);
    --_warning: var(--idlens-warning, #fbbf24);
    --_danger: var(--idlens-danger, #fca5a5);
    color-scheme: dark;
`;

export const baseStyles = css`
  :host {
    --_accent: var(--idlens-accent, #1d4ed8);
    --_on-accent: var(--idlens-on-accent, #fff);
    --_radius: var(--idlens-radius, 12px);
    --_text: var(--idlens-text, #0f172a);
    --_muted: var(--idlens-muted, #475569);
    --_surface: var(--idlens-surface, #fff);
    --_border: var(--idlens-border, #cbd5e1);
    --_success: var(--idlens-success, #15803d);
    --_warning: var(--idlens-warning, #a16207);
    --_danger: var(--idlens-danger, #b91c1c);
    color-scheme: light;
    display: block;
    box-sizing: border-box;
    min-width: 0;
    max-width: 100%;
    color: var(--_text);
    font-family: var(--idlens-font, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', system-ui, Arial, sans-serif);
    font-size: 1rem;
    line-height: 1.45;
  }
  :host([theme='dark']) {
    ${darkPalette}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkPalette}
    }
  }
  :host([hidden]) {
    display: none;
  }
  *, *::before, *::after {
    box-sizing: inherit;
  }
  button, select, input {
    font: inherit;
  }
  h2, h3 {
    color: inherit;
  }
  code {
    font-family: 'DejaVu Sans Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4em;
    min-height: 44px;
    padding: 0.5em 1.1em;
    border: 1px solid var(--_accent);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 600;
    cursor: pointer;
  }
  .btn.secondary {
    background: var(--_surface);
    color: var(--_accent);
  }
  .btn.icon {
    min-width: 44px;
    padding: 0.5em;
  }
  .btn[disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  :is(button, select, input, [tabindex]):focus-visible {
    outline: 3px solid var(--idlens-focus, #f59e0b);
    outline-offset: 2px;
  }
  [tabindex='-1']:focus {
    outline: none;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .message {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .message.error {
    color: var(--_danger);
  }
  @keyframes idlens-spin {
    to {
      transform: rotate(360deg);
    }
  }
  .spinner {
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    border: 4px solid rgba(255, 255, 255, 0.35);
    border-top-color: #fff;
    animation: idlens-spin 0.9s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;
