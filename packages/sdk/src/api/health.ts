export const healthSelectors = ['liveness', 'readiness', 'models', 'storage'] as const;
export type HealthSelector = (typeof healthSelectors)[number];

export interface HealthStatus {
  name: string;
  description: string | null;
  operational: boolean | null;
  severity: number | null;
}

export interface HealthResult {
  name: string;
  status: HealthStatus;
  details: unknown;
}

/** One entry of `GET /info`. */
export interface InfoEntry {
  name: string;
  version: string;
  details: Record<string, unknown> | null;
}
