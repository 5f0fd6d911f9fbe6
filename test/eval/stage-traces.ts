import { createEngine, type Engine, type Frame, type StageDecision } from '@idlens/sdk/engine';
import { loadEngineRuntimes, type EngineRuntimeOptions } from '@idlens/server';

/** A side read again with its stages traced, and what the trace was taken for. */
export interface TracedSide {
  side: string;
  /** The fields the server's answer got wrong: `field: got (want)`. */
  wrong: string[];
  decisions: StageDecision[];
}

/**
 * Reads a side again in this process, as the server's workers read it (`options`: the same models,
 * weights, readers and threads — onnxruntime's sums, and so a borderline decision, differ with its
 * thread count), with its stages traced: the account of what each stage decided that an evaluation
 * report gives beside a wrong field. The server's answer carries no trace (a trace is for diagnosis,
 * not the API), hence the second reading; the engine is created on the first call, so a run with
 * nothing wrong loads nothing.
 */
export function sideTracer(
  options: EngineRuntimeOptions,
  limit: number,
): {
  trace(side: string, frame: Frame, wrong: string[]): Promise<void>;
  traced: TracedSide[];
} {
  let engine: Promise<Engine> | null = null;
  const traced: TracedSide[] = [];
  return {
    traced,
    async trace(side, frame, wrong) {
      if (traced.length >= limit || wrong.length === 0) return;
      engine ??= loadEngineRuntimes(options).then(createEngine);
      const decisions: StageDecision[] = [];
      await (await engine).document({ first: frame }, {}, { trace: (d) => decisions.push(d) });
      traced.push({ side, wrong, decisions });
    },
  };
}

/** The report's lines for the traced sides: each side, its wrong fields, then its stages' decisions. */
export function tracedSidesMarkdown(traced: TracedSide[]): string[] {
  return traced.flatMap(({ side, wrong, decisions }) => [`- ${side} — wrong: ${wrong.join('; ')}`, ...decisions.map((d) => `  - ${d.stage}: ${d.decided}`)]);
}
