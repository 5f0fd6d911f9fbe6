import { html, nothing } from 'lit';
import type { StatusLogEntry } from '../api.ts';
import { when } from '../base.ts';

const fieldNames: Record<string, string> = { processingStatus: 'Processing status', verificationStatus: 'Verification status' };

/** Who made a change, in words: a client by its name when known, the end user's browser, or the server itself. */
function author(changedBy: string, clientName: (id: string) => string | null) {
  if (changedBy === 'edge') return "by the end user's browser";
  if (changedBy === 'system') return 'by the server';
  if (changedBy.startsWith('client:')) {
    const id = changedBy.slice('client:'.length);
    const name = clientName(id);
    return html`by client ${name ? html`“${name}” ` : nothing}<code title=${id}>${id.slice(0, 8)}…</code>`;
  }
  return html`by <code>${changedBy}</code>`;
}

/**
 * The status log as a timeline: what changed (old → new), when, by whom, and the comment. One
 * entry per change, readable at any width (a five-column table broke its labels and ids mid-word
 * at 390 px).
 */
export function statusLog(entries: StatusLogEntry[], clientName: (id: string) => string | null) {
  return html`<section class="card" aria-labelledby="log-title">
    <h2 id="log-title">Status log</h2>
    <ol class="log">${entries.map(
      (l) => html`<li>
        <p class="log-change"><span class="log-field">${fieldNames[l.field] ?? l.field}</span>
          <span class="nowrap">${l.oldValue ?? '—'} → ${l.newValue ?? '—'}</span></p>
        <p class="log-meta"><span class="nowrap">${when(l.changedOn)}</span> <span class="nowrap">${author(l.changedBy, clientName)}</span></p>
        ${l.comment ? html`<p class="log-comment">${l.comment}</p>` : nothing}
      </li>`,
    )}</ol>
  </section>`;
}
