import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../packages/console/src/api.ts';
import { compactRows } from '../../packages/console/src/transaction/compact.ts';
import { filtersFromQuery, listHash, toListFilters } from '../../packages/console/src/transaction/list-filters.ts';
import { reviewOf } from '../../packages/console/src/transaction/review.ts';
import { describeDefinitionPath } from '../../packages/console/src/workflow/describe.ts';
import { type FlowItem, layoutFlow } from '../../packages/console/src/workflow/flow-layout.ts';

/** The console's pure parts: what the transaction page, the list's URL and the drawing are made of. */

const text = (latin: string | null) => ({
  latin,
  cyrillic: null,
  arabic: null,
  greek: null,
  latinLocation: null,
  cyrillicLocation: null,
  arabicLocation: null,
  greekLocation: null,
});
const date = (year: number, month: number, day: number) => ({
  day,
  month,
  year,
  successfullyParsed: true,
  filledByDomainKnowledge: false,
  originalString: text(null),
});
const ref = (id: string) => ({ id, contentType: 'image/png', size: 2048 });
const at = (s: number) => `2026-12-01T10:00:0${s}.000Z`;

const record = {
  id: 'tx-1',
  workflowId: 'kyc',
  workflowVersionId: 'v-1',
  processingStatus: 'Complete',
  verificationStatus: 'Reject',
  originalVerificationStatus: 'Review',
  consent: { userId: 'user-1', givenOn: '2026-12-01T09:00:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
  statusLog: [
    { changedOn: at(5), changedBy: 'system', field: 'verificationStatus', oldValue: null, newValue: 'Review', comment: 'set by the workflow' },
    { changedOn: at(6), changedBy: 'client:c-1', field: 'verificationStatus', oldValue: 'Review', newValue: 'Reject', comment: 'photo mismatch' },
  ],
  workflowInfo: {
    steps: [
      { id: 2, name: 'ScanDocument', type: 'ScanDocument', interactive: true },
      { id: 3, name: 'DocumentVerification', type: 'DocumentVerification', interactive: false },
      { id: 4, name: 'Condition', type: 'Condition', interactive: false },
      { id: 6, name: 'Review', type: 'Decision', interactive: false },
    ],
  },
  state: {
    'ScanDocument:0': {
      stepId: 2,
      stepType: 'ScanDocument',
      createdOn: at(1),
      input: { imagesReceived: ['front', 'back', 'face'] },
      extraction: {
        fullDocumentFrontImage: ref('front'),
        fullDocumentBackImage: ref('back'),
        faceImage: ref('face'),
        data: { recognitionStatus: 'VALID', documentNumber: text('AB 12-3'), dateOfBirth: date(1990, 1, 2), fathersName: text(null) },
      },
      output: { accepted: true },
    },
    'DocumentVerification:0': {
      stepId: 3,
      stepType: 'DocumentVerification',
      createdOn: at(2),
      input: { imageFront: ref('front') },
      extraction: {
        recognitionStatus: 'VALID',
        firstName: text('ANNA'),
        lastName: text('ERIKSSON'),
        fullName: null,
        documentNumber: text('AB123'),
        dateOfBirth: date(1990, 1, 3),
        dateOfExpiry: date(2020, 5, 1),
        age: 36,
        documentClassInfo: { country: 'COUNTRY_UTOPIA', region: 'REGION_NONE', type: 'TYPE_ID' },
        mrzData: { mrzType: 'TD1', issuer: 'UTO' },
        dataMatch: { dateOfBirth: 'MISMATCH', dateOfExpiry: 'MATCH', documentNumber: 'NOT_PERFORMED', overall: 'MISMATCH' },
      },
      output: {
        passed: false,
        failedChecks: ['notExpired'],
        checks: { recognized: { outcome: 'PASS', reason: 'recognition status VALID' }, notExpired: { outcome: 'FAIL', reason: 'the document has expired' } },
      },
    },
    'Condition:0': { stepId: 4, stepType: 'Condition', createdOn: at(3), input: {}, extraction: {}, output: { result: false, next: 6 } },
    'Review:0': { stepId: 6, stepType: 'Decision', createdOn: at(4), input: {}, extraction: {}, output: { verificationStatus: 'Review' } },
  },
} as unknown as TransactionRecord;

describe('reviewOf: who is this and why was it decided', () => {
  const review = reviewOf(record, { today: '2026-12-01', conditionText: (id) => (id === 4 ? 'state.DocumentVerification.output.passed = true' : null) });

  it('takes the portrait and the document images of the captures', () => {
    expect(review.portrait).toEqual({ label: 'Portrait', ref: ref('face') });
    expect(review.images.map((i) => i.label)).toEqual(['Document front', 'Document back']);
  });

  it("reads the identity and the document from the server's reading, without empty fields", () => {
    expect(review.readBy).toContain('server');
    expect(review.identity).toEqual([
      { label: 'Name', value: 'ANNA ERIKSSON' },
      { label: 'Date of birth', value: '1990-01-03 (36 years)' },
    ]);
    expect(review.document).toEqual([
      { label: 'Document', value: 'Identity card · Utopia · MRZ TD1' },
      { label: 'Document number', value: 'AB123' },
      { label: 'Issued by', value: 'UTO' },
      { label: 'Expires', value: '2020-05-01 — expired', alert: true },
    ]);
  });

  it('lists the checks, the mismatches (sides, and browser against server, compared as the server compares), the path and the override', () => {
    expect(review.verified).toBe(false);
    expect(review.checks).toEqual([
      { name: 'recognized', label: 'Document recognized', outcome: 'PASS', reason: 'recognition status VALID' },
      { name: 'notExpired', label: 'Not expired', outcome: 'FAIL', reason: 'the document has expired' },
    ]);
    // "AB 12-3" and "AB123" are the same number once spaces and dashes go; the birth dates differ.
    expect(review.mismatches).toEqual([
      { label: 'Date of birth', values: [], detail: 'the front and the back of the document disagree' },
      {
        label: 'Date of birth',
        values: [
          { source: 'browser', value: '1990-01-02' },
          { source: 'server', value: '1990-01-03' },
        ],
        detail: null,
      },
    ]);
    expect(review.conditions).toEqual([
      { stepName: 'Condition', stepId: 4, result: false, next: 'Review', predicate: 'state.DocumentVerification.output.passed = true' },
    ]);
    expect(review.decidedBy).toEqual({ stepName: 'Review', stepId: 6 });
    expect(review.override).toMatchObject({ oldValue: 'Review', newValue: 'Reject', comment: 'photo mismatch' });
    expect(review.failures).toEqual([]);
  });

  it("falls back to the browser's reading when the server read nothing", () => {
    const state = { ...record.state, 'DocumentVerification:0': { ...record.state['DocumentVerification:0']!, extraction: { recognitionStatus: 'EMPTY' } } };
    const fallback = reviewOf({ ...record, state } as TransactionRecord, { today: '2026-12-01' });
    expect(fallback.readBy).toContain('browser');
    expect(fallback.document).toEqual([{ label: 'Document number', value: 'AB 12-3' }]);
    expect(fallback.mismatches).toEqual([]);
  });
});

describe('compactRows: the raw state without empty fields', () => {
  it('shows a StringResult as its text and a DateResult as a date; nulls, empty alphabets, locations and images are not listed', () => {
    const rows = compactRows({
      extraction: {
        image: ref('x'),
        firstName: text('ANNA'),
        fathersName: text(null),
        both: { ...text('IVAN'), cyrillic: 'ИВАН' },
        dateOfBirth: date(1974, 8, 12),
        partial: { day: null, month: 4, year: 2031, successfullyParsed: false, filledByDomainKnowledge: false, originalString: null },
        missing: null,
        empty: '',
        list: ['front', 'back'],
        none: [],
        nested: { a: null, b: { c: null } },
        flags: { stored: false, count: 0 },
        documentClassInfo: { country: 'COUNTRY_UTOPIA', region: 'REGION_NONE' },
      },
    });
    expect(rows).toEqual([
      ['extraction.firstName', 'ANNA'],
      ['extraction.both', 'IVAN / ИВАН'],
      ['extraction.dateOfBirth', '1974-08-12'],
      ['extraction.partial', '2031-04'],
      ['extraction.list', 'front, back'],
      ['extraction.flags.stored', 'false'],
      ['extraction.flags.count', '0'],
      ['extraction.documentClassInfo.country', 'COUNTRY_UTOPIA'],
    ]);
  });
});

describe('the list URL', () => {
  it('keeps the filters set, in a fixed order, and reads them back', () => {
    const filters = filtersFromQuery('userId=user%201&processingStatus=Complete&unknown=x&from=2026-12-01');
    expect(filters).toEqual({
      transactionId: '',
      userId: 'user 1',
      processingStatus: 'Complete',
      verificationStatus: '',
      workflowId: '',
      from: '2026-12-01',
      to: '',
    });
    expect(listHash(filters)).toBe('#/transactions?userId=user+1&processingStatus=Complete&from=2026-12-01');
    expect(filtersFromQuery(listHash(filters).split('?')[1]!)).toEqual(filters);
    expect(listHash(filtersFromQuery(''))).toBe('#/transactions');
    expect(toListFilters({ ...filters, to: '2026-12-31' })).toMatchObject({ userId: 'user 1', createdFrom: '2026-12-01', createdTo: '2027-01-01' });
  });
});

describe('describeDefinitionPath: the server names steps by index, the console by id', () => {
  const definition = { steps: [{ id: 10, type: 'Start' }, { id: 20, type: 'Decision', name: 'Accept' }, { type: 'End' }] };
  it.each([
    ['steps.1.settings.verificationStatus', { step: 'step #20 (Accept)', field: 'settings.verificationStatus' }],
    ['steps.0', { step: 'step #10 (Start)', field: null }],
    ['steps.2.id', { step: 'the 3rd step', field: 'id' }],
    ['steps.7.type', { step: 'the 8th step', field: 'type' }],
    ['workflowId', { step: null, field: 'workflowId' }],
  ])('%s', (path, expected) => {
    expect(describeDefinitionPath(path, definition)).toEqual(expected);
  });
});

describe('layoutFlow: Conditions as branches that join again', () => {
  const shape = (items: FlowItem[]): unknown[] =>
    items.map((i) =>
      i.kind === 'condition'
        ? { if: i.step.id, then: shape(i.then), else: shape(i.else) }
        : i.kind === 'jump'
          ? `↩${i.to}`
          : i.kind === 'stop'
            ? 'stop'
            : i.step.id,
    );

  it('draws then and else side by side until the step both reach (demo-document)', () => {
    const steps = [
      { id: 1, type: 'Start' },
      { id: 2, type: 'ScanDocument' },
      { id: 3, type: 'DocumentVerification' },
      { id: 4, type: 'Condition', settings: { then: 5, else: 6 } },
      { id: 5, type: 'Decision', next: 7 },
      { id: 6, type: 'Decision' },
      { id: 7, type: 'End' },
    ];
    expect(shape(layoutFlow(steps).items)).toEqual([1, 2, 3, { if: 4, then: [5], else: [6] }, 7]);
  });

  it("nests the builder's chain of rules, each joining at End", () => {
    const steps = [
      { id: 1, type: 'Start' },
      { id: 2, type: 'Condition', settings: { then: 4, else: 3 } },
      { id: 3, type: 'Condition', settings: { then: 5, else: 6 } },
      { id: 4, type: 'Decision', next: 7 },
      { id: 5, type: 'Decision', next: 7 },
      { id: 6, type: 'Decision' },
      { id: 7, type: 'End' },
    ];
    expect(shape(layoutFlow(steps).items)).toEqual([1, { if: 2, then: [4], else: [{ if: 3, then: [5], else: [6] }] }, 7]);
  });

  it('draws a loop back as an arrow to the step, a branch straight on as empty, unreachable steps apart', () => {
    const steps = [
      { id: 1, type: 'Start' },
      { id: 2, type: 'ScanDocument' },
      { id: 3, type: 'Condition', settings: { then: 4, else: 2 } },
      { id: 4, type: 'End' },
      { id: 9, type: 'Decision' },
    ];
    const layout = layoutFlow(steps);
    expect(shape(layout.items)).toEqual([1, 2, { if: 3, then: [], else: ['↩2'] }, 4]);
    expect(shape(layout.unreachable)).toEqual([9, 'stop']);
  });
});
