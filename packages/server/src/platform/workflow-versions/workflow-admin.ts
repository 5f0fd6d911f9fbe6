import type { FormField, WorkflowSummary } from '@idlens/sdk/api';
import {
  insertWorkflowVersion,
  listLatestWorkflowVersions,
  findLatestWorkflowVersion,
  type StoredWorkflowVersion,
} from '../../db/repositories/workflow-repository.ts';
import type { Db } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { checkJsonLimits } from '../../http/json-limits.ts';
import { validationError } from '../../http/validation-hook.ts';
import { startStep, workflowDefinitionSchema, type WorkflowDefinition } from '../../workflow/definition.ts';
import { staticWorkflowInfo } from '../../workflow/workflow-info.ts';

/** What clients see of a workflow version (the initialize info and the listing). */
export function workflowSummary(version: StoredWorkflowVersion): WorkflowSummary {
  return {
    workflowId: version.workflowId,
    workflowVersionId: version.workflowVersionId,
    name: version.definition.name,
    formFields: startStep(version.definition).settings.formFields.map((f): FormField => ({ name: f.name, type: f.type, required: f.required })),
    interactiveSteps: staticWorkflowInfo(version.definition).interactiveSteps,
  };
}

/** Validates a definition (errors name the field, e.g. `steps.3.settings.then`). */
export function parseWorkflowDefinition(json: unknown): WorkflowDefinition {
  // Before zod: the predicate schema is recursive, so an unbounded nesting would overflow the stack.
  checkJsonLimits(json, '');
  const result = workflowDefinitionSchema.safeParse(json);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Imports a definition as the newest version of its workflow in the organization: the workflow row
 * and its version are written in one database transaction (the caller's, when it passes one).
 */
export async function importWorkflow(db: Db, organizationId: string, json: unknown, now: string): Promise<WorkflowSummary & { version: number }> {
  const definition = parseWorkflowDefinition(json);
  const version = db.isTransaction
    ? await insertWorkflowVersion(db, organizationId, definition, now)
    : await db.transaction().execute((trx) => insertWorkflowVersion(trx, organizationId, definition, now));
  return { ...workflowSummary(version), version: version.version };
}

export async function listWorkflows(db: Db, organizationId: string): Promise<WorkflowSummary[]> {
  return (await listLatestWorkflowVersions(db, organizationId)).map(workflowSummary);
}

export async function getWorkflowSummary(db: Db, organizationId: string, workflowId: string): Promise<WorkflowSummary> {
  const version = await findLatestWorkflowVersion(db, organizationId, workflowId);
  if (!version) throw new ApiError('WORKFLOW_NOT_FOUND', `no workflow ${workflowId} in this organization`);
  return workflowSummary(version);
}
