import { html } from 'lit';
import type { WorkflowSummary } from '../api.ts';
import { ConsoleElement, errorBox, messageOf } from '../base.ts';

/** The organization's workflows (latest versions), import of a version, and the builder. */
export class IdlWorkflows extends ConsoleElement {
  static override properties = { ...ConsoleElement.properties, workflows: { state: true }, error: { state: true } };
  declare workflows: WorkflowSummary[] | null;
  declare error: string | null;

  constructor() {
    super();
    this.workflows = null;
    this.error = null;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.focusHeading();
    void this.load();
  }

  async load() {
    try {
      this.workflows = await this.api.listWorkflows();
      this.error = null;
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  override render() {
    return html`<div class="toolbar"><h1 tabindex="-1">Workflows</h1><a class="btn" href="#/builder">Build a workflow</a></div>
      ${errorBox(this.error)}
      <section class="card" aria-labelledby="wf-list">
        <h2 id="wf-list">Latest versions</h2>
        ${
          this.workflows === null
            ? html`<p role="status">Loading…</p>`
            : this.workflows.length === 0
              ? html`<p>No workflows yet: import one below or build one.</p>`
              : html`<div class="table-wrap"><table class="responsive">
                <thead><tr><th scope="col">Workflow</th><th scope="col">Name</th><th scope="col">Start fields</th><th scope="col">Interactive steps</th></tr></thead>
                <tbody>${this.workflows.map(
                  (w) => html`<tr>
                    <td data-label="Workflow"><a href="#/workflows/${encodeURIComponent(w.workflowId)}">${w.workflowId}</a></td>
                    <td data-label="Name">${w.name}</td>
                    <td data-label="Start fields">${w.formFields.map((f) => `${f.name} (${f.type})`).join(', ') || '—'}</td>
                    <td data-label="Interactive steps">${w.interactiveSteps.map((s) => s.name).join(', ') || '—'}</td>
                  </tr>`,
                )}</tbody></table></div>`
        }
      </section>
      <section class="card" aria-labelledby="wf-import">
        <h2 id="wf-import">Import a workflow version</h2>
        <idl-workflow-import .api=${this.api} @imported=${() => this.load()}></idl-workflow-import>
      </section>`;
  }
}
