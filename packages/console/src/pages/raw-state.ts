import { html } from 'lit';
import type { StateEntry } from '../api.ts';
import { breakable, when } from '../base.ts';
import { compactRows } from '../transaction/compact.ts';
import { isBlobRef } from '../transaction/review.ts';
import type { ImageUrl } from './transaction-review.ts';

/** Every image a state entry references, with where (`extraction.fullDocumentFrontImage`). */
function entryImages(entry: StateEntry) {
  return (['input', 'extraction'] as const).flatMap((part) =>
    Object.entries(entry[part] ?? {}).flatMap(([key, value]) => (isBlobRef(value) ? [{ where: `${part}.${key}`, ref: value }] : [])),
  );
}

function entry(key: string, e: StateEntry, url: ImageUrl) {
  const rows = compactRows({ extraction: e.extraction, output: e.output, input: e.input });
  const images = entryImages(e);
  return html`<article class="entry" aria-labelledby="entry-${key}">
    <h3 id="entry-${key}"><code>${key}</code> · ${e.stepType} <span class="hint">(step #${e.stepId}, ${when(e.createdOn)})</span></h3>
    <div class="entry-body">
      ${
        rows.length
          ? html`<table class="kv"><caption class="sr-only">Fields of ${key}</caption><tbody>${rows.map(
              ([k, v]) => html`<tr><th scope="row">${breakable(k)}</th><td>${v}</td></tr>`,
            )}</tbody></table>`
          : html`<p class="hint">Nothing recorded.</p>`
      }
      ${
        images.length
          ? html`<div class="images">${images.map(({ where, ref }) => {
              const src = url(ref.id);
              return html`<figure>
                ${src ? html`<img src=${src} alt="${where} of ${key}">` : html`<p class="hint">${src === null ? 'Loading image…' : 'The image could not be loaded.'}</p>`}
                <figcaption>${where} · ${ref.contentType} · ${Math.round(ref.size / 1024)} KiB</figcaption>
              </figure>`;
            })}</div>`
          : ''
      }
    </div>
  </article>`;
}

/**
 * Every state entry in the order the steps ran, behind a disclosure: what each step received,
 * extracted and answered, without the empty fields of a recognition result, beside its images.
 */
export function rawState(entries: Array<[string, StateEntry]>, url: ImageUrl) {
  return html`<details class="card raw-state">
    <summary><span class="summary-title">Raw state</span> <span class="hint">(${entries.length} entries: what each step received, read and answered)</span></summary>
    ${entries.map(([key, e]) => entry(key, e, url))}
  </details>`;
}
