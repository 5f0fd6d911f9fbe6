import type { StepType } from '@idlens/sdk/api';
import type { StepDefinition, StepOf } from '../definition.ts';
import { runCondition, runDecision, runEnd, runStart } from './basic-steps.ts';
import { runDocumentVerification } from './document-verification-step.ts';
import { runScanStep } from './scan-steps.ts';
import type { StepContext, StepExecutor, StepOutcome } from './step-context.ts';

/** The executor of each step type. */
export const stepExecutors: { [T in StepType]: StepExecutor<StepOf<T>> } = {
  Start: runStart,
  ScanDocument: runScanStep,
  ScanCard: runScanStep,
  ScanBarcode: runScanStep,
  DocumentVerification: runDocumentVerification,
  Condition: runCondition,
  Decision: runDecision,
  End: runEnd,
};

export function executeStep(step: StepDefinition, ctx: StepContext): Promise<StepOutcome> {
  return (stepExecutors[step.type] as StepExecutor)(step, ctx);
}
