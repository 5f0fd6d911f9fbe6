import { html, nothing, type TemplateResult } from 'lit';
import type { TransactionRecord } from '../api.ts';
import { badge, breakable, when } from '../base.ts';
import type { CheckOutcome, Fact, Review, ReviewImage } from '../transaction/review.ts';

/** The object URL of a loaded image: a string once loaded, null while loading, undefined when it could not be loaded. */
export type ImageUrl = (blobId: string) => string | null | undefined;

const outcomeWords: Record<CheckOutcome, string> = { PASS: 'passed', FAIL: 'failed', NOT_PERFORMED: 'not performed' };

const facts = (label: string, list: Fact[]) =>
  list.length
    ? html`<dl class="facts" aria-label=${label}>${list.map((f) => html`<div class=${f.alert ? 'alert' : nothing}><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>`
    : nothing;

function picture(image: ReviewImage, url: ImageUrl, className: string): TemplateResult {
  const src = url(image.ref.id);
  return html`<figure class=${className}>
    ${
      src
        ? html`<a href=${src} target="_blank" rel="noopener" title="Open the full image"><img src=${src} alt=${image.label}></a>`
        : html`<p class="placeholder">${src === null ? 'Loading image…' : 'The image could not be loaded.'}</p>`
    }
    <figcaption>${image.label}</figcaption>
  </figure>`;
}

function why(t: TransactionRecord, review: Review) {
  const decided = review.decidedBy ? html` by step ${review.decidedBy.stepName} (#${review.decidedBy.stepId})` : nothing;
  return html`<div class="why-decision">
    <h3 id="why-title">Why</h3>
    ${
      t.originalVerificationStatus
        ? html`<p>The workflow decided ${badge(t.originalVerificationStatus)}${decided}.</p>`
        : html`<p>No decision yet: the workflow is ${t.processingStatus === 'InProgress' ? 'still running' : 'closed without one'}.</p>`
    }
    ${
      review.conditions.length
        ? html`<ol class="path" aria-label="Conditions on the way">${review.conditions.map(
            (c) =>
              html`<li>${c.stepName} (#${c.stepId}): ${c.predicate ? html`<code>${breakable(c.predicate)}</code> ` : nothing}<strong>${c.result ? 'held' : 'did not hold'}</strong>,
                so ${c.next}</li>`,
          )}</ol>`
        : nothing
    }
    ${review.failures.map((f) => html`<p class="error">${f}</p>`)}
    ${
      review.override
        ? html`<p>Changed from ${badge(review.override.oldValue)} to ${badge(review.override.newValue)} on ${when(review.override.changedOn)}${
            review.override.comment ? html`: “${review.override.comment}”` : nothing
          }.</p>`
        : nothing
    }
  </div>`;
}

function checksAndMismatches(review: Review) {
  return html`<div>
      <h3 id="checks-title">Checks</h3>
      ${
        review.checks.length
          ? html`<ul class="checks" aria-labelledby="checks-title">${review.checks.map(
              (c) => html`<li class=${c.outcome}><span class="badge ${c.outcome}">${outcomeWords[c.outcome] ?? c.outcome}</span>
                <span class="check-name">${c.label}</span>${c.reason ? html` <span class="reason">${c.reason}</span>` : nothing}</li>`,
            )}</ul>`
          : html`<p class="hint">No document verification ran.</p>`
      }
    </div>
    <div>
      <h3 id="mismatches-title">Mismatches</h3>
      ${
        review.mismatches.length
          ? html`<ul class="mismatches" aria-labelledby="mismatches-title">${review.mismatches.map(
              (m) =>
                html`<li><strong>${m.label}</strong>: ${
                  m.values.length ? m.values.map((v, i) => html`${i ? ', ' : ''}the ${v.source} read <code>${v.value}</code>`) : (m.detail ?? 'disagrees')
                }</li>`,
            )}</ul>`
          : html`<p class="hint">None found: the sides of the document, and the browser's and the server's readings, agree where both were read.</p>`
      }
    </div>`;
}

function meta(t: TransactionRecord) {
  return html`<dl class="meta" aria-label="Transaction">
    <div><dt>Transaction ID</dt><dd><code>${t.id}</code></dd></div>
    <div><dt>Processing status</dt><dd>${badge(t.processingStatus)}</dd></div>
    <div><dt>Workflow</dt><dd><a href="#/workflows/${encodeURIComponent(t.workflowId)}">${t.workflowId}</a></dd></div>
    <div><dt>Created</dt><dd>${when(t.createdOn)}</dd></div>
    <div><dt>Modified</dt><dd>${when(t.modifiedOn)}</dd></div>
    <div><dt>End user</dt><dd><code>${t.consent.userId}</code>
      <a href="#/transactions?userId=${encodeURIComponent(t.consent.userId)}">their transactions</a></dd></div>
    <div><dt>Consent</dt><dd>images ${t.consent.isProcessingStoringAllowed ? 'may' : 'may not'} be stored, given ${t.consent.givenOn.replace('T', ' ')}</dd></div>
    <div><dt>Platform / SDK</dt><dd>${t.platform} ${t.sdkVersion?.version ?? ''}</dd></div>
    ${t.tags.length ? html`<div><dt>Tags</dt><dd>${t.tags.join(', ')}</dd></div>` : nothing}
    ${Object.entries(t.linkFields).map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}
  </dl>`;
}

/**
 * The first card of a transaction's page: who this is (portrait, document images, the identity
 * and document read) and why it was decided (the decision, the conditions on the way, the
 * checks with their outcome and reason, the mismatches), then the transaction's own facts.
 */
export function reviewCard(t: TransactionRecord, review: Review, url: ImageUrl): TemplateResult {
  const original = t.originalVerificationStatus;
  return html`<section class="card review" aria-labelledby="review-title">
    <div class="review-head">
      <h2 id="review-title">Identity and decision</h2>
      <p class="decision">Verification status ${badge(t.verificationStatus)}${
        original && original !== t.verificationStatus ? html` <span class="hint">(the workflow decided ${original})</span>` : nothing
      }</p>
    </div>
    <div class="holder">
      ${review.portrait ? picture(review.portrait, url, 'portrait') : html`<p class="portrait placeholder">No portrait</p>`}
      <div class="identity">
        ${review.identity.length || review.document.length ? nothing : html`<p class="hint">No identity was read from a document.</p>`}
        ${facts('Holder', review.identity)}
        ${facts('Document', review.document)}
        ${review.others.map((o) => facts(o.label, o.facts))}
        ${review.readBy ? html`<p class="hint">From ${review.readBy}.</p>` : nothing}
      </div>
      ${review.images.length ? html`<div class="document-images">${review.images.map((i) => picture(i, url, 'document'))}</div>` : nothing}
    </div>
    <div class="why">${why(t, review)}${checksAndMismatches(review)}</div>
    ${meta(t)}
  </section>`;
}
