import type { Recognizer, StartTransactionOptions, TransactionResult } from '@idlens/sdk/client';
import { describe, expect, it, vi } from 'vitest';
import type { CapturedSides, TransactionOutcome } from '../events.ts';
import { TransactionController } from './transaction-controller.ts';

type StepType = 'ScanDocument' | 'ScanCard' | 'ScanBarcode';
type View = Parameters<NonNullable<StartTransactionOptions['capture']>>[1];

const passport = new Blob(['front'], { type: 'image/png' });
const licenceBack = new Blob(['back'], { type: 'image/png' });
/** A turn of the event loop: a request answered, or the scripted platform at its next step. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const failedCheck: TransactionOutcome['checks'][number] = { step: 'CheckDocument', name: 'notExpired', outcome: 'FAIL', reason: 'the document has expired' };

/** A view of a workflow standing at its `done + 1`-th of `steps` interactive steps. */
function viewAt(steps: StepType[], done: number): View {
  const stepInfo = (type: StepType, id: number) => ({ id, name: `Step${id}`, type, interactive: true });
  const current = steps[done];
  return {
    transactionId: 'tx-1',
    processingStatus: 'InProgress',
    verificationStatus: null,
    hasConsent: true,
    currentStep: current ? { ...stepInfo(current, done + 1), settings: {}, awaitingInput: true } : null,
    workflowInfo: {
      interactiveStepCount: steps.length,
      completedInteractiveSteps: steps.slice(0, done).map((type, i) => stepInfo(type, i + 1)),
      currentStep: current ? `Step${done + 1}` : 'End',
    },
  } as unknown as View;
}

/**
 * The SDK's `startTransaction` as a script: each interactive step asks the page to capture (and
 * waits for the sides), then the run ends with `verdict`, or fails with `failure` before any step.
 */
function scriptedPlatform({ steps = [] as StepType[], verdict = 'Accept' as TransactionOutcome['verificationStatus'], failure = null as unknown } = {}) {
  const calls: StartTransactionOptions[] = [];
  const submitted: CapturedSides[] = [];
  const startTransaction = vi.fn(async (options: StartTransactionOptions): Promise<TransactionResult> => {
    calls.push(options);
    await settle(); // the create request
    if (failure) throw failure;
    for (let done = 0; done < steps.length; done++) {
      const view = viewAt(steps, done);
      options.onUpdate?.(view);
      submitted.push((await options.capture!(view.currentStep!, view)) as CapturedSides);
      options.signal?.throwIfAborted();
    }
    const view = { ...viewAt(steps, steps.length), processingStatus: 'Complete', verificationStatus: verdict } as View;
    options.onUpdate?.(view);
    return {
      transactionId: 'tx-1',
      processingStatus: 'Complete',
      verificationStatus: verdict,
      view,
      created: { ephemeralKey: 'edge-key' } as TransactionResult['created'],
    };
  });
  return { startTransaction, calls, submitted };
}

/** A proxy with the optional endpoints: the workflow's form fields and the checks that decided. */
function fakeProxy() {
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/workflow/demo%20document')) return Response.json({ formFields: [{ name: 'customerName', type: 'string', required: true }] });
    if (path.endsWith('/transaction/tx-1/outcome')) return Response.json({ checks: [failedCheck] });
    return new Response('not found', { status: 404 });
  });
}

function setUp(platform: ReturnType<typeof scriptedPlatform>, proxy = fakeProxy()) {
  const host = { addController: vi.fn(), removeController: vi.fn(), requestUpdate: vi.fn(), updateComplete: Promise.resolve(true) };
  const heard: Array<[string, Record<string, unknown>]> = [];
  const results: Array<[TransactionOutcome, string]> = [];
  const errors: Array<{ code: string | null; message: string }> = [];
  const flow = new TransactionController(host, {
    settings: () => ({ proxyUrl: 'https://shop.example/idlens/', workflowId: 'demo document' }),
    recognizer: () => ({ mode: 'worker' }) as Recognizer,
    onStatus: (status, detail) => heard.push([status, detail]),
    onResult: (outcome, mode) => results.push([outcome, mode]),
    onError: (problem) => errors.push(problem),
    startTransaction: platform.startTransaction,
    fetch: proxy,
  });
  return { host, flow, heard, results, errors, proxy, statuses: () => heard.map(([status]) => status) };
}

const consent = { userId: 'user-42', isProcessingStoringAllowed: true, isTrainingAllowed: false };

describe('TransactionController', () => {
  it('runs start → each step captured, reviewed and sent → the verdict with the checks that decided', async () => {
    const platform = scriptedPlatform({ steps: ['ScanDocument', 'ScanCard'], verdict: 'Review' });
    const { host, flow, heard, results, errors, proxy, statuses } = setUp(platform);
    expect(host.addController).toHaveBeenCalledWith(flow);
    const running = flow.run({ customerName: 'Anna Eriksson' }, consent);
    expect([flow.phase, flow.busy]).toEqual(['running', true]);
    await settle();

    expect([flow.step?.type, flow.stepIndex, flow.stepCount, flow.busy]).toEqual(['ScanDocument', 1, 2, false]);
    flow.showForReview({ front: passport }, false);
    expect(flow.review?.urls.front).toMatch(/^blob:/);
    flow.send();
    expect([flow.review, flow.step, flow.busy]).toEqual([null, null, true]);
    await settle();

    expect([flow.step?.type, flow.stepIndex, flow.stepCount]).toEqual(['ScanCard', 2, 2]);
    flow.showForReview({ front: passport, back: licenceBack }, true);
    expect(flow.review?.empty).toBe(true);
    flow.send();
    const outcome = await running;

    expect(outcome).toEqual({ transactionId: 'tx-1', processingStatus: 'Complete', verificationStatus: 'Review', checks: [failedCheck] });
    expect([flow.phase, flow.outcome, flow.step, flow.busy]).toEqual(['done', outcome, null, false]);
    expect(platform.submitted).toEqual([{ front: passport }, { front: passport, back: licenceBack }]);
    expect(platform.calls[0]).toMatchObject({
      proxyUrl: 'https://shop.example/idlens/transaction',
      workflowId: 'demo document',
      formValues: { customerName: 'Anna Eriksson' },
      consent,
    });
    // The checks come from the proxy, authorized with the transaction's edge credentials.
    expect(proxy).toHaveBeenCalledWith('https://shop.example/idlens/transaction/tx-1/outcome', {
      headers: { accept: 'application/json', authorization: `Basic ${btoa('tx-1:edge-key')}` },
    });
    expect(statuses()).toEqual(['running', 'running', 'step', 'review', 'running', 'step', 'review', 'running', 'done']);
    expect(heard.find(([status]) => status === 'review')?.[1]).toEqual({ stepType: 'ScanDocument', sides: 1 });
    expect(heard.at(-1)?.[1]).toEqual({ ...outcome });
    expect(results).toEqual([[outcome, 'worker']]);
    expect(errors).toEqual([]);
  });

  it('reports a failed run with its code, and a restart runs the workflow again', async () => {
    const failing = scriptedPlatform({ failure: Object.assign(new Error('the proxy did not answer'), { code: 'NETWORK_ERROR' }) });
    const { flow, heard, errors, statuses } = setUp(failing);
    expect(await flow.run({}, consent)).toBeNull();
    expect([flow.phase, flow.problem, flow.busy]).toEqual(['error', { code: 'NETWORK_ERROR', message: 'the proxy did not answer' }, false]);
    expect(heard.at(-1)).toEqual(['error', { code: 'NETWORK_ERROR' }]);
    expect(errors).toEqual([{ code: 'NETWORK_ERROR', message: 'the proxy did not answer' }]);

    flow.restart();
    expect([flow.phase, flow.problem, flow.outcome]).toEqual(['start', null, null]);
    failing.startTransaction.mockImplementationOnce(scriptedPlatform({ verdict: 'Accept' }).startTransaction);
    const outcome = await flow.run({}, consent);
    expect([flow.phase, outcome?.verificationStatus, flow.problem]).toEqual(['done', 'Accept', null]);
    expect(statuses()).toEqual(['running', 'error', 'start', 'running', 'running', 'done']);
  });

  it('a failure without a code or message still says what went wrong', async () => {
    const { flow, errors } = setUp(scriptedPlatform({ failure: 'offline' }));
    await flow.run({}, consent);
    expect(errors).toEqual([{ code: null, message: 'offline' }]);
  });

  it('goes back: a retake drops the reviewed sides and waits for new ones', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const platform = scriptedPlatform({ steps: ['ScanDocument'] });
    const { flow, statuses } = setUp(platform);
    const running = flow.run({}, consent);
    await settle();
    flow.showForReview({ front: licenceBack }, true);
    const wrongPicture = flow.review!.urls.front;
    flow.retake();
    expect([flow.review, flow.step?.type]).toEqual([null, 'ScanDocument']);
    expect(revoked).toHaveBeenCalledWith(wrongPicture);
    flow.send(); // nothing under review: nothing is sent
    expect(platform.submitted).toEqual([]);

    flow.showForReview({ front: passport }, false);
    flow.send();
    await running;
    expect(platform.submitted).toEqual([{ front: passport }]);
    expect(statuses()).toEqual(['running', 'running', 'step', 'review', 'review', 'running', 'done']);
    revoked.mockRestore();
  });

  it('goes back to the start: a restart during a step cancels the run, which ends quietly', async () => {
    const platform = scriptedPlatform({ steps: ['ScanBarcode'] });
    const { flow, results, errors, statuses } = setUp(platform);
    const running = flow.run({}, consent);
    await settle();
    flow.showForReview({ front: passport }, false);
    flow.restart();
    expect(await running).toBeNull();
    expect(platform.calls[0]?.signal?.aborted).toBe(true);
    expect([flow.phase, flow.step, flow.review, flow.busy]).toEqual(['start', null, null, false]);
    // Sides the scanner delivers late belong to no run.
    flow.showForReview({ front: passport }, false);
    expect(flow.review).toBeNull();
    expect(statuses()).toEqual(['running', 'running', 'step', 'review', 'start']);
    expect([results, errors]).toEqual([[], []]);
  });

  it('cancels the run when the host leaves the DOM', async () => {
    const platform = scriptedPlatform({ steps: ['ScanCard'] });
    const { flow, errors } = setUp(platform);
    const running = flow.run({}, consent);
    await settle();
    flow.hostDisconnected();
    expect(await running).toBeNull();
    expect(errors).toEqual([]);
  });

  it('fetches the Start form’s fields from the proxy, and none when it has no list', async () => {
    const { flow, proxy } = setUp(scriptedPlatform());
    expect(await flow.fetchFields()).toEqual([{ name: 'customerName', type: 'string', required: true }]);
    expect(proxy).toHaveBeenCalledWith('https://shop.example/idlens/workflow/demo%20document', { headers: { accept: 'application/json' } });
    const offline = setUp(
      scriptedPlatform(),
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await offline.flow.fetchFields()).toEqual([]);
  });
});
