import type { StepDefinitionInput } from '../../workflow/definition.ts';

/** `demo-auto`: no interactive step — create, resume once, Complete with Accept. */
export const demoAutoWorkflow = {
  workflowId: 'demo-auto',
  name: 'Demo: automatic accept',
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
    { id: 2, type: 'Decision', settings: { verificationStatus: 'Accept' } },
    { id: 3, type: 'End' },
  ] satisfies StepDefinitionInput[],
};

/**
 * `demo-document`: the browser scans a document; the server re-reads and checks it; Accept when
 * every check passes, Review otherwise.
 */
export const demoDocumentWorkflow = {
  workflowId: 'demo-document',
  name: 'Demo: document verification',
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
    { id: 2, type: 'ScanDocument', settings: { requireBack: false, requireFace: false } },
    { id: 3, type: 'DocumentVerification', settings: { ageLimit: null } },
    { id: 4, type: 'Condition', settings: { if: { path: 'state.DocumentVerification.output.passed', op: 'eq', value: true }, then: 5, else: 6 } },
    { id: 5, name: 'Accept', type: 'Decision', settings: { verificationStatus: 'Accept' }, next: 7 },
    { id: 6, name: 'Review', type: 'Decision', settings: { verificationStatus: 'Review' } },
    { id: 7, type: 'End' },
  ] satisfies StepDefinitionInput[],
};

export const demoWorkflows = [demoAutoWorkflow, demoDocumentWorkflow];
