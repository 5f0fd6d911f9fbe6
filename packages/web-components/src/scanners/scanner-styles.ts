import { css } from 'lit';

/**
 * The scanners' look: the guide, feedback and buttons drawn over the preview (so they stay in view
 * wherever the preview is on the page), the document's outline, the reading view, tips, result.
 */
export const scannerStyles = css`
  .stage {
    position: relative;
    container-type: inline-size;
  }
  .hud {
    position: absolute;
    inset: 0;
    pointer-events: none;
    color: #f8fafc;
  }
  .hud button {
    pointer-events: auto;
  }
  .guide-wrap {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
  }
  .guide {
    width: var(--idlens-guide-width, 82%);
    aspect-ratio: var(--_guide-aspect, 1.586);
    max-height: 66%;
    border: 3px solid var(--idlens-guide, rgba(255, 255, 255, 0.92));
    border-radius: calc(var(--_radius) * 0.8);
    box-shadow: 0 0 0 100vmax rgba(2, 6, 23, 0.38);
    transition: border-color 0.2s ease;
  }
  .guide.ok {
    border-color: var(--idlens-guide-ok, #22c55e);
  }
  .outline {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  .outline.mirrored {
    transform: scaleX(-1);
  }
  .outline polygon {
    fill: rgba(34, 197, 94, 0.12);
    stroke: var(--idlens-guide-ok, #22c55e);
    stroke-width: 4;
    vector-effect: non-scaling-stroke;
    stroke-linejoin: round;
  }
  .outline.cut polygon {
    fill: rgba(245, 158, 11, 0.14);
    stroke: #f59e0b;
    stroke-dasharray: 10 6;
  }
  .hud-top {
    position: absolute;
    top: 0.5rem;
    left: 0.5rem;
    right: 0.5rem;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.35rem;
  }
  .hud-bottom {
    position: absolute;
    left: 0.5rem;
    right: 0.5rem;
    bottom: 0.6rem;
    display: flex;
    justify-content: center;
  }
  .feedback {
    margin: 0;
    max-width: 100%;
    padding: 0.3rem 0.8rem;
    border-radius: 999px;
    background: rgba(2, 6, 23, 0.78);
    color: #f8fafc;
    font-weight: 600;
    text-align: center;
    overflow-wrap: anywhere;
  }
  /* A phone-sized preview: the feedback keeps to one line more often. */
  @container (max-width: 420px) {
    .feedback {
      font-size: 0.875rem;
      padding: 0.25rem 0.65rem;
    }
    /* Room above and below the guide for the feedback and the capture button. */
    .guide {
      max-height: 56%;
    }
  }
  .hud .btn.secondary {
    background: rgba(2, 6, 23, 0.82);
    color: #f8fafc;
    border-color: #cbd5e1;
  }
  .panel {
    margin-top: 0.6rem;
    display: grid;
    gap: 0.5rem;
  }
  .progress {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  progress {
    flex: 1;
    min-width: 0;
    accent-color: var(--_accent);
  }
  .snapshot {
    display: block;
    width: 100%;
    aspect-ratio: var(--idlens-viewport-aspect, 4 / 3);
    object-fit: contain;
    border-radius: var(--_radius);
    background: var(--idlens-viewport-background, #0b1220);
  }
  .reading {
    position: relative;
  }
  .reading-veil {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 0.6rem;
    padding: 1rem;
    border-radius: var(--_radius);
    background: rgba(2, 6, 23, 0.62);
    color: #f8fafc;
    text-align: center;
  }
  .reading-text {
    margin: 0;
    font-weight: 600;
  }
  .reading-veil .btn.secondary {
    background: rgba(2, 6, 23, 0.85);
    color: #f8fafc;
    border-color: #cbd5e1;
  }
  .seconds {
    font-variant-numeric: tabular-nums;
    font-weight: 400;
  }
  .trouble {
    display: grid;
    gap: 0.4rem;
    padding: 0.7rem 0.9rem;
    border: 1px solid var(--_border);
    border-left: 4px solid var(--_warning);
    border-radius: calc(var(--_radius) * 0.5);
  }
  .trouble h3,
  .outcome-title {
    margin: 0;
    font-size: 1.05rem;
  }
  .trouble ul {
    margin: 0;
    padding-left: 1.2rem;
  }
  .outcome {
    display: grid;
    gap: 0.4rem;
  }
  .summary {
    margin: 0;
    padding: 0.6rem 0.8rem;
    border-left: 4px solid var(--_success);
    background: color-mix(in srgb, var(--_success) 8%, var(--_surface));
    border-radius: 0 calc(var(--_radius) * 0.5) calc(var(--_radius) * 0.5) 0;
    overflow-wrap: anywhere;
  }
  .summary.warning {
    border-left-color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 8%, var(--_surface));
  }
  .summary.danger {
    border-left-color: var(--_danger);
    background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));
  }
  .copy-row {
    display: flex;
    gap: 0.6rem;
    align-items: center;
    color: var(--_muted);
  }
  .notice {
    color: var(--_muted);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  [hidden] {
    display: none !important;
  }
`;
