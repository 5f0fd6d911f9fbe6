import type { WorkflowInfo } from '@idlens/sdk/api';
import { findLatestWorkflowVersionId, findWorkflowVersion, type StoredWorkflowVersion } from '../../db/repositories/workflow-repository.ts';
import type { Db } from '../../db/schema.ts';
import { staticWorkflowInfo } from '../../workflow/workflow-info.ts';

export interface CachedWorkflowVersion extends StoredWorkflowVersion {
  info: Pick<WorkflowInfo, 'stepCount' | 'interactiveStepCount' | 'hasConditionalInteractiveStep' | 'interactiveSteps' | 'steps'>;
}

export interface WorkflowCache {
  get(db: Db, workflowVersionId: string): Promise<CachedWorkflowVersion>;
  /**
   * The id of the version new transactions of a workflow run, as this process last read it (from
   * the database when it has not): it may have been replaced since, here or on another replica.
   * Only for a write that checks it in its own statement and calls `forgetLatest` when it was.
   */
  lastSeenLatestVersionId(db: Db, organizationId: string, workflowId: string): Promise<string | undefined>;
  forgetLatest(organizationId: string, workflowId: string): void;
}

/** Workflow versions are immutable, so each is read and analysed once per process. */
export function createWorkflowCache(maxEntries = 500): WorkflowCache {
  const cache = new Map<string, CachedWorkflowVersion>();
  const latest = new Map<string, string>();
  const latestKey = (organizationId: string, workflowId: string) => `${organizationId}\u0000${workflowId}`;
  return {
    async lastSeenLatestVersionId(db, organizationId, workflowId) {
      const key = latestKey(organizationId, workflowId);
      const seen = latest.get(key);
      if (seen !== undefined) return seen;
      const versionId = await findLatestWorkflowVersionId(db, organizationId, workflowId);
      if (versionId === undefined) return undefined;
      if (latest.size >= maxEntries) latest.delete(latest.keys().next().value!);
      latest.set(key, versionId);
      return versionId;
    },
    forgetLatest(organizationId, workflowId) {
      latest.delete(latestKey(organizationId, workflowId));
    },
    async get(db, workflowVersionId) {
      const hit = cache.get(workflowVersionId);
      if (hit) return hit;
      const version = await findWorkflowVersion(db, workflowVersionId);
      if (!version) throw new Error(`workflow version ${workflowVersionId} is missing`);
      const entry = { ...version, info: staticWorkflowInfo(version.definition) };
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(workflowVersionId, entry);
      return entry;
    },
  };
}
