import type { WorkflowInfo } from '@idlens/sdk/api';
import { findWorkflowVersion, type StoredWorkflowVersion } from '../../db/repositories/workflow-repository.ts';
import type { Db } from '../../db/schema.ts';
import { staticWorkflowInfo } from '../../workflow/workflow-info.ts';

export interface CachedWorkflowVersion extends StoredWorkflowVersion {
  info: Pick<WorkflowInfo, 'stepCount' | 'interactiveStepCount' | 'hasConditionalInteractiveStep' | 'interactiveSteps' | 'steps'>;
}

export interface WorkflowCache {
  get(db: Db, workflowVersionId: string): Promise<CachedWorkflowVersion>;
}

/** Workflow versions are immutable, so each is read and analysed once per process. */
export function createWorkflowCache(maxEntries = 500): WorkflowCache {
  const cache = new Map<string, CachedWorkflowVersion>();
  return {
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
