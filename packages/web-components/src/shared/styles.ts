import { css } from 'lit';

/**
 * Look shared by all components. Everything a brand changes is a custom property:
 * `--idlens-accent`, `--idlens-on-accent`, `--idlens-radius`, `--idlens-font`, `--idlens-text`,
 * `--idlens-muted`, `--idlens-surface`, `--idlens-border`, `--idlens-success`, `--idlens-warning`,
 * `--idlens-danger`, `--idlens-guide`, `--idlens-viewport-aspect`.
 */
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
    display: block;
    box-sizing: border-box;
    min-width: 0;
    max-width: 100%;
    color: var(--_text);
    font-family: var(--idlens-font, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', system-ui, Arial, sans-serif);
    font-size: 1rem;
    line-height: 1.45;
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
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;
