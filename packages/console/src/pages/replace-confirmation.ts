import { html, type TemplateResult } from 'lit';
import { type AgentApi, ApiFailure } from '../api.ts';

/** A workflow that already exists under the id being imported: its live (latest) version. */
export interface ExistingWorkflow {
  workflowId: string;
  liveVersion: number;
}

/** The live version of `workflowId`, or null when no workflow has that id yet. */
export async function existingWorkflow(api: AgentApi, workflowId: string): Promise<ExistingWorkflow | null> {
  try {
    const versions = await api.listVersions(workflowId);
    const live = versions.find((v) => v.isLatest) ?? versions[0];
    return live ? { workflowId, liveVersion: live.version } : null;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/**
 * The question asked before a definition is saved over an existing workflow id: saving makes a new
 * version that new transactions then run, so the operator says so, or goes back to choose another id.
 */
export function replaceConfirmation(existing: ExistingWorkflow, onConfirm: () => void, onCancel: () => void): TemplateResult {
  const next = existing.liveVersion + 1;
  return html`<div class="confirm" role="alertdialog" aria-labelledby="replace-title" aria-describedby="replace-text">
    <h3 id="replace-title">Workflow <code>${existing.workflowId}</code> already exists</h3>
    <p id="replace-text">Version ${existing.liveVersion} is live: new transactions run it. Saving makes version ${next} the live one;
      transactions already started keep their version. To add a separate workflow instead, choose another ID.</p>
    <div class="actions">
      <button class="btn" type="button" @click=${onConfirm}>Save as version ${next} of ${existing.workflowId}</button>
      <button class="btn secondary" type="button" @click=${onCancel}>Cancel</button>
    </div>
  </div>`;
}
