/**
 * What the stages of a reading pipeline (locate → straighten → read → merge → judge) decided, for
 * diagnostics and tests. A pipeline records into the trace it is given and never reads it back, so
 * tracing cannot change a result. The trace is optional and called as `trace?.(…)`: without one (the
 * default) no decision's text is even built.
 */
export interface StageDecision {
  /** The stage's name, e.g. `locate`, `straighten`, `read`, `merge`, `judge`. */
  stage: string;
  /** What it decided, in a few words a person reads (no personal data beyond what the result holds). */
  decided: string;
}

export type StageTrace = (decision: StageDecision) => void;
