/**
 * What the stages of a reading pipeline (locate → straighten → read → merge → judge) decided, for
 * diagnostics: evaluation reports print it beside a wrong or missing field, tests assert on it. A
 * pipeline records into the trace it is given and never reads it back, so tracing cannot change a
 * result; without one (the default) recording costs a function call.
 */
export interface StageDecision {
  /** The stage's name, e.g. `locate`, `straighten`, `read`, `merge`, `judge`. */
  stage: string;
  /** What it decided, in a few words a person reads (no personal data beyond what the result holds). */
  decided: string;
}

export type StageTrace = (decision: StageDecision) => void;

/** The trace of a caller that does not ask for one. */
export const untraced: StageTrace = () => {};
