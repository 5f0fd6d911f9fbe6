import { createEdgeClient, joinHandoff, resumeTransaction, startTransaction, type Recognizer, type StartTransactionOptions } from '@idlens/sdk/client';
import type { ReactiveControllerHost } from 'lit';
import { HostController } from '../controllers/host-controller.ts';
import type { CapturedSides, TransactionOutcome } from '../events.ts';
import type { FormField } from './form-fields.ts';

/** Where the flow is: the consent form, a run under way, the verdict, or a failure. */
type TransactionPhase = 'start' | 'running' | 'done' | 'error';
/** What the page hears of: every phase, a step that waits for its images, sides captured for review. */
type TransactionStatus = TransactionPhase | 'step' | 'review' | 'handoff';
type CaptureStep = Parameters<NonNullable<StartTransactionOptions['capture']>>[0];

/** Why a run failed: the SDK's or platform's code when there is one, and its message. */
export interface TransactionProblem {
  code: string | null;
  message: string;
}

/** The transaction's edge credentials (from its creation, or from joining a hand-off). */
interface EdgeCredentials {
  edgeApiUrl: string;
  transactionId: string;
  ephemeralKey: string;
}

/** A hand-off to another device under way: its QR code (an object URL), join URL and state. */
interface Handoff {
  status: 'starting' | 'waiting' | 'joined' | 'expired';
  joinUrl: string | null;
  qrUrl: string | null;
  expiresOn: string | null;
}

/** The problem's code when the device that started a hand-off took the transaction back from this one. */
export const handoffCancelled = 'HANDOFF_CANCELLED';

/** How often the desktop asks where a hand-off stands (documented in docs/verification-links.md). */
export const handoffPollMs = 2000;

/** The sides a step's scanner captured (object URLs to show them), before they are sent. */
interface CaptureReview {
  images: CapturedSides;
  urls: { front: string; back: string | null };
  /** Nothing was read from them (the page says so; the user may still send them). */
  empty: boolean;
}

export interface TransactionControllerOptions {
  /** The proxy and the workflow as the host has them when a request starts; `hideChecks`: the verdict's checks are not asked for. */
  settings: () => { proxyUrl: string; workflowId: string; hideChecks?: boolean };
  /** The recognizer a run hands to the SDK (asked for when the run starts). */
  recognizer: () => Recognizer;
  /** Every status the page hears of (the host turns it into an `idlens-status` event). */
  onStatus: (status: TransactionStatus, detail: Record<string, unknown>) => void;
  /** The run ended with a verdict (after the `done` status). */
  onResult: (outcome: TransactionOutcome, mode: Recognizer['mode']) => void;
  /** The run failed (after the `error` status). */
  onError: (problem: TransactionProblem) => void;
  /** Drives the transaction (the SDK's); injected so the flow can be tested without a platform. */
  startTransaction?: typeof startTransaction;
  /** Drives a transaction that exists (a joined hand-off, a desktop taking it back); injected likewise. */
  resumeTransaction?: typeof resumeTransaction;
  /** For the proxy's optional endpoints (form fields, outcome); injected for the same reason. */
  fetch?: typeof fetch;
}

/**
 * A verification run as a Lit reactive controller: creates and drives the transaction through the
 * SDK, stops at each interactive step until the host hands it the captured sides and the user sends
 * them (or retakes), fetches the checks that decided, and keeps the state the host renders — the
 * phase, the step and its place in the workflow, the sides under review, the outcome or the
 * problem. Restarting, a new run or the host leaving the DOM cancels the run under way.
 */
export class TransactionController extends HostController {
  phase: TransactionPhase = 'start';
  /** The interactive step waiting for images; null between steps and outside a run. */
  step: CaptureStep | null = null;
  /** The step's place (from 1) among the workflow's interactive steps. */
  stepIndex = 0;
  stepCount = 0;
  /** Waiting on the platform rather than on the user. */
  busy = false;
  outcome: TransactionOutcome | null = null;
  problem: TransactionProblem | null = null;
  review: CaptureReview | null = null;
  /** A hand-off to another device under way (this device watches). */
  handoff: Handoff | null = null;
  #credentials: EdgeCredentials | null = null;
  /** What joining a hand-off gave this device (kept across a restart: the join URL works once). */
  #joined: { joinUrl: string; credentials: EdgeCredentials } | null = null;
  /** Where this run's recognizer runs (the outcome event says so). */
  #mode: Recognizer['mode'] = 'worker';
  #handoffTimer: ReturnType<typeof setTimeout> | null = null;
  #pendingCapture: { resolve: (images: CapturedSides) => void; reject: (error: unknown) => void } | null = null;
  #abort: AbortController | null = null;
  readonly #options: TransactionControllerOptions;
  readonly #startTransaction: typeof startTransaction;
  readonly #resumeTransaction: typeof resumeTransaction;
  readonly #fetch: typeof fetch;

  constructor(host: ReactiveControllerHost, options: TransactionControllerOptions) {
    super(host);
    this.#options = options;
    this.#startTransaction = options.startTransaction ?? startTransaction;
    this.#resumeTransaction = options.resumeTransaction ?? resumeTransaction;
    // Looked up on each call, not bound now, so a page that wraps `fetch` later is still used.
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Whether the host is in the page (a cancel that comes back after it left resumes nothing). */
  #connected = true;

  override hostConnected(): void {
    this.#connected = true;
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#stopHandoff();
    this.#cancel();
    this.#clearReview();
  }

  /** Runs the workflow with the Start form's values and the consent given. */
  run(
    formValues: Record<string, unknown>,
    consent: { userId: string; isProcessingStoringAllowed: boolean; isTrainingAllowed: boolean },
  ): Promise<TransactionOutcome | null> {
    return this.#drive((callbacks) =>
      this.#startTransaction({
        ...callbacks,
        proxyUrl: this.#url('transaction'),
        workflowId: this.#options.settings().workflowId,
        formValues,
        consent,
        onCreated: ({ edgeApiUrl, transactionId, ephemeralKey }) => {
          this.#credentials = { edgeApiUrl, transactionId, ephemeralKey };
        },
      }),
    );
  }

  /**
   * Continues, on this device, a transaction handed off from another one: joins with the join URL
   * (once: the URL is used up) and runs the remaining steps with this device's own key.
   */
  join(joinUrl: string): Promise<TransactionOutcome | null> {
    return this.#drive(async (callbacks) => {
      // The URL works once: after a restart on this page, this device goes on with the key it got.
      if (this.#joined?.joinUrl !== joinUrl) {
        const joined = await joinHandoff(joinUrl);
        this.#joined = { joinUrl, credentials: { edgeApiUrl: joined.edgeApiUrl, transactionId: joined.transactionId, ephemeralKey: joined.ephemeralKey } };
      }
      this.#credentials = this.#joined.credentials;
      return this.#resumeTransaction({ ...callbacks, ...this.#credentials });
    });
  }

  /**
   * One run: a fresh cancel signal, the capture and progress callbacks, then the outcome (with the
   * checks when the proxy offers them) or the problem. `start` creates, joins or resumes.
   */
  async #drive(
    start: (callbacks: Pick<StartTransactionOptions, 'recognizer' | 'signal' | 'capture' | 'onUpdate' | 'retry'>) => ReturnType<typeof startTransaction>,
  ): Promise<TransactionOutcome | null> {
    this.#cancel();
    const abort = new AbortController();
    this.#abort = abort;
    this.busy = true;
    this.problem = null;
    this.#set('running');
    const recognizer = this.#options.recognizer();
    this.#mode = recognizer.mode;
    try {
      const result = await start({
        recognizer,
        signal: abort.signal,
        capture: (step, view) => this.#capture(step, view.workflowInfo.completedInteractiveSteps.length, view.workflowInfo.interactiveStepCount),
        onUpdate: (update) => {
          this.busy = update.processingStatus === 'InProgress' && !this.#pendingCapture;
          this.host.requestUpdate();
          this.#options.onStatus('running', { processingStatus: update.processingStatus, step: update.workflowInfo.currentStep });
        },
      });
      if (abort.signal.aborted) return null;
      const checks = this.#options.settings().hideChecks
        ? []
        : await this.#fetchChecks(result.transactionId, result.created?.ephemeralKey ?? this.#credentials?.ephemeralKey);
      // A restart while the checks were on their way: that run is over, its verdict is not shown.
      if (abort.signal.aborted) return null;
      return this.#finish(
        { transactionId: result.transactionId, processingStatus: result.processingStatus, verificationStatus: result.verificationStatus, checks },
        recognizer.mode,
      );
    } catch (error) {
      if (abort.signal.aborted) return null;
      const { code, message, status } = error as { code?: string; message?: string; status?: number | null };
      // This device's key, from joining a hand-off, refused: the other device took the transaction back.
      const takenBack = status === 401 && this.#joined !== null && this.#credentials === this.#joined.credentials;
      this.#fail(takenBack ? { code: handoffCancelled, message: '' } : { code: code ?? null, message: message ?? String(error) });
      return null;
    } finally {
      // A newer run (or a restart) owns `busy` now.
      if (this.#abort === abort) {
        this.busy = false;
        this.host.requestUpdate();
      }
    }
  }

  #finish(outcome: TransactionOutcome, mode: Recognizer['mode']): TransactionOutcome {
    this.outcome = outcome;
    this.step = null;
    this.#set('done', { ...outcome });
    this.#options.onResult(outcome, mode);
    return outcome;
  }

  /** Whether this run can be handed off: it was created here and waits for a capture. */
  get canHandOff(): boolean {
    return this.#credentials !== null && this.#pendingCapture !== null && this.handoff === null;
  }

  /**
   * "Continue on your phone": a join URL and its QR code from the edge, then every
   * `handoffPollMs` where it stands — joined (this device watches), expired (a new code can be
   * asked for), or the transaction finished on the other device (its verdict is this run's).
   */
  async startHandoff(): Promise<void> {
    const credentials = this.#credentials;
    if (!credentials) return;
    this.#stopHandoff();
    const mine: Handoff = { status: 'starting', joinUrl: null, qrUrl: null, expiresOn: null };
    this.handoff = mine;
    this.problem = null;
    this.host.requestUpdate();
    try {
      const started = await createEdgeClient(credentials).startHandoff();
      // A newer hand-off, a cancel or a restart came meanwhile: this answer is nobody's.
      if (this.handoff !== mine) return;
      const current: Handoff = {
        status: 'waiting',
        joinUrl: started.joinUrl,
        qrUrl: URL.createObjectURL(new Blob([started.qrCodeSvg], { type: 'image/svg+xml' })),
        expiresOn: started.expiresOn,
      };
      this.handoff = current;
      this.#options.onStatus('handoff', { handoff: 'waiting' });
      this.host.requestUpdate();
      this.#pollHandoff(credentials, current);
    } catch (error) {
      if (this.handoff !== mine) return;
      this.#stopHandoff();
      this.problem = { code: (error as { serverCode?: string }).serverCode ?? null, message: (error as Error).message };
      this.host.requestUpdate();
    }
  }

  /** The run ends in an error: no step is asked for, the phase and the host say why. */
  #fail(problem: TransactionProblem): void {
    this.problem = problem;
    this.step = null;
    this.#set('error', { code: problem.code });
    this.#options.onError(problem);
  }

  /**
   * Every `handoffPollMs` while a device may join or holds the transaction. Stops when the
   * transaction ends (its verdict is this run's), when the code expired (the page offers a new
   * one), and when the key is refused (expired, or the transaction is gone): that is the run's error.
   */
  #pollHandoff(credentials: EdgeCredentials, handoff: Handoff): void {
    this.#handoffTimer = setTimeout(async () => {
      const answer = await createEdgeClient(credentials)
        .handoff()
        .then(
          (state) => ({ state, refused: null }),
          (error: { serverCode?: string | null; status?: number; message?: string }) => ({
            state: null,
            refused: error.status === 401 || error.status === 403 || error.status === 404 ? error : null,
          }),
        );
      const { state, refused } = answer;
      if (this.handoff !== handoff) return;
      if (refused) {
        this.#stopHandoff();
        this.#cancel();
        this.#fail({ code: refused.serverCode ?? null, message: refused.message ?? '' });
        return;
      }
      if (state) {
        const view = state.transaction;
        if (view.processingStatus !== 'InProgress') {
          // Finished on the other device: this run's verdict. The capture it waited for is over.
          this.#stopHandoff();
          this.#cancel();
          const checks = this.#options.settings().hideChecks ? [] : await this.#fetchChecks(view.transactionId, credentials.ephemeralKey);
          this.#finish(
            { transactionId: view.transactionId, processingStatus: view.processingStatus, verificationStatus: view.verificationStatus, checks },
            this.#mode,
          );
          return;
        }
        const status: Handoff['status'] = state.status === 'joined' ? 'joined' : state.status === 'waiting' ? 'waiting' : 'expired';
        const next: Handoff = status === handoff.status ? handoff : { ...handoff, status };
        if (next !== handoff) {
          this.handoff = next;
          this.#options.onStatus('handoff', { handoff: status });
        }
        this.stepIndex = view.workflowInfo.completedInteractiveSteps.length + 1;
        this.host.requestUpdate();
        if (status === 'expired') return;
        this.#pollHandoff(credentials, next);
        return;
      }
      // A network blip: ask again next time.
      this.#pollHandoff(credentials, handoff);
    }, handoffPollMs);
  }

  /**
   * "Continue on this device instead": the hand-off is cancelled (the join URL and the other
   * device's key stop), and the run picks up where the transaction is now — the other device may
   * have sent steps meanwhile.
   */
  async cancelHandoff(): Promise<void> {
    const credentials = this.#credentials;
    this.#stopHandoff();
    // The old step's scanner goes: a capture is asked for again once the run has resumed.
    this.step = null;
    this.busy = true;
    this.host.requestUpdate();
    if (!credentials) return;
    await createEdgeClient(credentials)
      .cancelHandoff()
      .catch(() => {});
    // A restart, or the element leaving the page, while the cancel was on its way: nothing resumes.
    if (this.#credentials !== credentials || !this.#connected) return;
    await this.#drive((callbacks) => this.#resumeTransaction({ ...callbacks, ...credentials }));
  }

  #stopHandoff(): void {
    if (this.#handoffTimer) clearTimeout(this.#handoffTimer);
    this.#handoffTimer = null;
    if (this.handoff?.qrUrl) URL.revokeObjectURL(this.handoff.qrUrl);
    this.handoff = null;
  }

  /** Back to the consent form: the run under way is cancelled and its results forgotten. */
  restart(): void {
    this.#stopHandoff();
    this.#credentials = null;
    this.#cancel();
    this.outcome = null;
    this.problem = null;
    this.step = null;
    this.#clearReview();
    this.#set('start');
  }

  /** The step's scanner captured these sides: they are shown for review (retake or send). */
  showForReview(images: CapturedSides, empty: boolean): void {
    if (!this.#pendingCapture) return;
    this.#clearReview();
    const { front, back } = images;
    this.review = { images, urls: { front: URL.createObjectURL(front), back: back ? URL.createObjectURL(back) : null }, empty };
    this.host.requestUpdate();
    this.#options.onStatus('review', { stepType: this.step?.type, sides: back ? 2 : 1 });
  }

  /** Retake: the reviewed sides go, the step's scanner comes back for a new capture. */
  retake(): void {
    this.#clearReview();
    this.host.requestUpdate();
  }

  /** Send: the reviewed sides go to the platform and the run goes on. */
  send(): void {
    const pending = this.#pendingCapture;
    const review = this.review;
    if (!pending || !review) return;
    this.#pendingCapture = null;
    this.#clearReview();
    this.busy = true;
    this.step = null;
    this.host.requestUpdate();
    pending.resolve(review.images);
  }

  /** The Start form's fields from `GET {proxy-url}/workflow/{id}`; none when the proxy has no list. */
  async fetchFields(): Promise<FormField[]> {
    const { workflowId } = this.#options.settings();
    try {
      const res = await this.#fetch(this.#url(`workflow/${encodeURIComponent(workflowId)}`), { headers: { accept: 'application/json' } });
      if (res.ok) return ((await res.json()) as { formFields?: FormField[] }).formFields ?? [];
    } catch {}
    return [];
  }

  /** An interactive step: the host shows its scanner, the run waits for the sides the user sends. */
  #capture(step: CaptureStep, completed: number, total: number): Promise<CapturedSides> {
    this.step = step;
    this.stepIndex = completed + 1;
    this.stepCount = Math.max(total, completed + 1);
    this.busy = false;
    this.host.requestUpdate();
    this.#options.onStatus('step', { stepType: step.type, stepId: step.id });
    return new Promise<CapturedSides>((resolve, reject) => {
      this.#pendingCapture = { resolve, reject };
    });
  }

  /** The decisive checks, when the proxy offers `GET transaction/{id}/outcome` (authenticated with the edge key). */
  async #fetchChecks(transactionId: string, ephemeralKey: string | undefined): Promise<TransactionOutcome['checks']> {
    if (!ephemeralKey) return [];
    try {
      const res = await this.#fetch(this.#url(`transaction/${encodeURIComponent(transactionId)}/outcome`), {
        headers: { accept: 'application/json', authorization: `Basic ${btoa(`${transactionId}:${ephemeralKey}`)}` },
      });
      return res.ok ? (((await res.json()) as { checks?: TransactionOutcome['checks'] }).checks ?? []) : [];
    } catch {
      return [];
    }
  }

  /**
   * Stops the run under way. A step waiting for its sides is rejected too, so that run's promise
   * settles (with null) instead of waiting for images that will never come.
   */
  #cancel(): void {
    const abort = this.#abort;
    this.#abort = null;
    this.busy = false;
    if (!abort) return;
    abort.abort();
    this.#pendingCapture?.reject(abort.signal.reason);
    this.#pendingCapture = null;
  }

  #clearReview(): void {
    if (this.review) {
      URL.revokeObjectURL(this.review.urls.front);
      if (this.review.urls.back) URL.revokeObjectURL(this.review.urls.back);
    }
    this.review = null;
  }

  #set(phase: TransactionPhase, detail: Record<string, unknown> = {}): void {
    this.phase = phase;
    this.host.requestUpdate();
    this.#options.onStatus(phase, detail);
  }

  #url(path: string): string {
    return `${this.#options.settings().proxyUrl.replace(/\/+$/, '')}/${path}`;
  }
}
