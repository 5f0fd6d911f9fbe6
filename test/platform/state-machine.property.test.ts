import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processingStatuses, verificationStatuses, type ProcessingStatus, type VerificationStatus } from '@idlens/sdk/api';
import { createRecordCache } from '../../packages/server/src/platform/transactions/record-cache.ts';
import { transition, transitionTable, type TransactionEvent } from '../../packages/server/src/platform/transactions/state-machine.ts';
import { getTransactionRecordJson } from '../../packages/server/src/platform/transactions/transaction-queries.ts';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

const events: TransactionEvent[] = [
  'create',
  'submitStep',
  'resumeWaiting',
  'resumeFinished',
  'resumeFailed',
  'resumeClosed',
  'expire',
  'setVerificationStatus',
  'delete',
];

describe('state machine table', () => {
  it('follows the spec: only create starts, only resume completes, only closed transactions are deleted, Complete stays Complete', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 30 }), (sequence) => {
        let state: ProcessingStatus | null | 'removed' = null;
        for (const event of sequence) {
          if (state === 'removed') break;
          const result = transition(state, event);
          if ('refused' in result) {
            expect(result.refused).toMatch(/^(CONFLICT|TRANSACTION_)/);
            continue;
          }
          if (state === null) expect(event).toBe('create');
          if (result.to === 'Complete' && state !== 'Complete') expect(event).toBe('resumeFinished');
          if (result.to === null) expect(['Complete', 'Error']).toContain(state);
          if (state === 'Complete') expect(result.to === 'Complete' || result.to === null).toBe(true);
          if (state === 'Error') expect(result.to === 'Error' || result.to === null).toBe(true);
          state = result.to === null ? 'removed' : result.to;
        }
      }),
    );
    expect(transitionTable.every((t) => t.to === null || processingStatuses.includes(t.to))).toBe(true);
  });
});

/** What the model expects of one transaction. */
interface Model {
  status: ProcessingStatus | 'deleted';
  submitted: boolean;
  original: VerificationStatus | null;
  verification: VerificationStatus | null;
  logLength: number;
  /** The ephemeral key expired: every edge call is 401 from then on. */
  keyExpired: boolean;
}
interface Real {
  t: PlatformTestApp;
  id: string;
  auth: string;
  image: string;
  advance(ms: number): void;
}

const closed = (m: Model) => m.status === 'Complete' || m.status === 'Error';

class Submit implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.t.edge('POST', `/transaction/${r.id}/step/2`, r.auth, { images: { front: r.image } });
    if (m.keyExpired) return expect(res.status).toBe(401);
    if (m.status === 'InProgress' && !m.submitted) {
      expect(res.status).toBe(200);
      m.submitted = true;
    } else if (m.status === 'InProgress') {
      expect(res.status).toBe(200); // a replacement before resume
    } else if (m.status === 'deleted' || m.status === 'Error') {
      expect([401, 409]).toContain(res.status);
    } else {
      expect(res.status).toBe(409);
    }
  }
  toString = () => 'submit';
}

class Resume implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.t.edge('POST', `/transaction/${r.id}/resume`, r.auth);
    if (m.keyExpired) return expect(res.status).toBe(401);
    if (m.status === 'deleted') return expect(res.status).toBe(401);
    if (m.status === 'Error') return expect(res.status === 401 || res.json.processingStatus === 'Error').toBe(true);
    expect(res.status).toBe(200);
    if (m.status === 'InProgress' && m.submitted) {
      expect(res.json).toMatchObject({
        isChanged: true,
        processingStatus: 'Complete',
        verificationStatus: 'Review',
        workflowInfo: { currentStep: 'End', pendingStepIds: [] },
      });
      m.status = 'Complete';
      m.original = m.verification = 'Review';
      m.logLength += 2;
    } else {
      expect(res.json.isChanged).toBe(false);
      expect(res.json.processingStatus).toBe(m.status);
    }
  }
  toString = () => 'resume';
}

class Override implements fc.AsyncCommand<Model, Real> {
  readonly value: VerificationStatus;
  constructor(value: VerificationStatus) {
    this.value = value;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.t.agent('PUT', `/transaction/${r.id}/verification-status`, { verificationStatus: this.value });
    if (m.status === 'deleted') return expect(res.status).toBe(404);
    if (m.status !== 'Complete') return expect(res.status).toBe(409);
    expect(res.status).toBe(200);
    m.verification = this.value;
    m.logLength += 1;
  }
  toString = () => `override(${this.value})`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.t.agent('DELETE', `/transaction/${r.id}`);
    if (m.status === 'deleted') return expect(res.status).toBe(404);
    if (!closed(m)) return expect(res.status).toBe(409);
    expect(res.status).toBe(204);
    m.status = 'deleted';
  }
  toString = () => 'delete';
}

class Expire implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    r.advance(3601 * 1000);
    m.keyExpired = true;
    if (m.status === 'InProgress') {
      m.status = 'Error';
      m.logLength += 1;
    }
  }
  toString = () => 'expire-key';
}

/** The record as read without this process's record cache (an empty one): what the database holds now. */
async function uncachedRecord(r: Real): Promise<unknown> {
  const { clientId, organizationId } = r.t.demo;
  return JSON.parse(await getTransactionRecordJson({ ...r.t.platform, records: createRecordCache() }, { clientId, organizationId }, r.id));
}

/** After every command: the record agrees with the model and the spec's invariants hold. */
async function checkInvariants(m: Model, r: Real) {
  const res = await r.t.agent('GET', `/transaction/${r.id}`);
  if (m.status === 'deleted') return expect(res.status).toBe(404);
  // Most of these reads are answered from the record cache: never anything but what is stored.
  expect(res.json).toEqual(await uncachedRecord(r));
  expect(res.json.processingStatus).toBe(m.status);
  expect(res.json.originalVerificationStatus).toBe(m.original);
  expect(res.json.verificationStatus).toBe(m.verification);
  expect(res.json.statusLog).toHaveLength(m.logLength);
  const info = res.json.workflowInfo;
  expect(new Set(info.completedStepIds).size).toBe(info.completedStepIds.length);
  if (m.status === 'Complete') expect(info.currentStep).toBe('End');
  if (m.status !== 'InProgress') expect(info.pendingStepIds).toEqual([]);
  expect(Object.keys(res.json.state).every((k) => /^[A-Za-z][\w-]*:\d+$/.test(k))).toBe(true);
}

describe('state machine against the running platform (model-based)', () => {
  it('any sequence of submit/resume/override/delete/expiry keeps the record consistent with the model', async () => {
    const image = b64(await sampleImage('png', 1, 64, 48));
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.constant(new Submit()),
            fc.constant(new Resume()),
            fc.constantFrom(...verificationStatuses).map((v) => new Override(v)),
            fc.constant(new Delete()),
            fc.constant(new Expire()),
          ],
          { maxCommands: 12 },
        ),
        async (commands) => {
          let nowMs = Date.now();
          const t = await createPlatformTestApp({ now: () => nowMs, env: { EPHEMERAL_KEY_TTL: '3600' } });
          try {
            const created = await t.agent('POST', '/transaction', createRequest('demo-document'));
            const real: Real = { t, id: created.json.transactionId, auth: created.json.authorization, image, advance: (ms) => (nowMs += ms) };
            const model: Model = { status: 'InProgress', submitted: false, original: null, verification: null, logLength: 1, keyExpired: false };
            const wrapped = [...commands].map((command) => ({
              check: (m: Readonly<Model>) => command.check(m),
              run: async (m: Model, r: Real) => {
                await command.run(m, r);
                await checkInvariants(m, r);
              },
              toString: () => command.toString(),
            }));
            await fc.asyncModelRun(() => ({ model, real }), wrapped);
          } finally {
            await t.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
