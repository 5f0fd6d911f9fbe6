/**
 * Wire types of the transaction platform (agent and edge interfaces). Field names, paths and enum
 * values are the contract of spec/transaction-platform.md; additions are documented in
 * docs/transaction-platform.md.
 */

export const processingStatuses = ['InProgress', 'Complete', 'Error'] as const;
export type ProcessingStatus = (typeof processingStatuses)[number];

export const verificationStatuses = ['Accept', 'Reject', 'Review'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** Create-request `platform` values and the capitalized form the record shows. */
export const platformNames = {
  browser: 'Browser',
  android: 'Android',
  ios: 'iOS',
  reactnative: 'ReactNative',
  flutter: 'Flutter',
  server: 'Server',
} as const;
export type Platform = keyof typeof platformNames;

export interface Consent {
  userId: string;
  /** ISO 8601 date-time without zone designator, e.g. `2024-05-01T12:30:00`. */
  givenOn: string;
  isProcessingStoringAllowed: boolean;
  isTrainingAllowed: boolean;
}

/** `POST /agent/api/v1/transaction` (all five spec fields required; tags and linkFields are additions). */
export interface CreateTransactionRequest {
  workflowId: string;
  platform: Platform;
  sdkVersion: string;
  formValues: Record<string, unknown>;
  consent: Consent;
  tags?: string[];
  linkFields?: Record<string, string>;
}

export const stepTypes = ['Start', 'ScanDocument', 'ScanCard', 'ScanBarcode', 'DocumentVerification', 'Condition', 'Decision', 'End'] as const;
export type StepType = (typeof stepTypes)[number];

/** One step of a workflow as clients see it. */
export interface WorkflowStepInfo {
  id: number;
  name: string;
  type: StepType;
  /** The browser must submit something (images) before the workflow can pass this step. */
  interactive: boolean;
}

export interface WorkflowInfo {
  stepCount: number;
  interactiveStepCount: number;
  /** Some interactive step lies on a Condition branch (not every run visits it). */
  hasConditionalInteractiveStep: boolean;
  interactiveSteps: WorkflowStepInfo[];
  completedInteractiveSteps: WorkflowStepInfo[];
  /** Name of the step the workflow stands at; `End` when no step remains. */
  currentStep: string;
  /** Earlier attempts at the current step (re-entries through a loop plus replaced submissions). */
  currentStepRetryCount: number;
  /** The `<n>` of the current step's state key (its 0-based execution index). */
  currentStepExecutionIndex: number;
  steps: WorkflowStepInfo[];
  currentStepId: number;
  /** Steps still reachable from the current one and not yet completed (empty once finished). */
  pendingStepIds: number[];
  /** Steps that have run, in the order they first completed. */
  completedStepIds: number[];
}

export interface CreateTransactionResponse {
  transactionId: string;
  workflowId: string;
  workflowVersionId: string;
  organizationId: string;
  /** Secret for the edge interface; returned only here. */
  ephemeralKey: string;
  /** Opaque: the ready-made `Authorization` header value for the edge interface. */
  authorization: string;
  workflowInfo: WorkflowInfo;
  createdOn: string;
  modifiedOn: string;
  processingStatus: ProcessingStatus;
  warnings: TransactionWarning[];
  edgeApiUrl: string;
}

/** Item of `warnings` (shape decided by idlens: a stable code and a human message). */
export interface TransactionWarning {
  code: string;
  message: string;
}

/** `POST {edgeApiUrl}/api/v1/transaction/{id}/resume`. */
export interface ResumeResponse {
  transactionId: string;
  isChanged: boolean;
  processingStatus: ProcessingStatus;
  /** Set once the workflow completed; null before. */
  verificationStatus: VerificationStatus | null;
  workflowInfo: WorkflowInfo;
  /** Whether the end user allowed images to be stored (consent.isProcessingStoringAllowed). */
  hasConsent: boolean;
}

/** Reference to a stored image. */
export interface BlobReference {
  id: string;
  contentType: string;
  size: number;
}

/** One `state` entry, keyed `<StepName>:<n>`. */
export interface StateEntry {
  stepId: number;
  stepType: StepType;
  input: Record<string, unknown>;
  extraction: Record<string, unknown>;
  /** Null until the step has run. */
  output: Record<string, unknown> | null;
  createdOn: string;
  modifiedOn: string;
}

export interface StatusLogEntry {
  changedOn: string;
  /** `client:<clientId>`, `edge` (the end user's browser) or `system`. */
  changedBy: string;
  field: 'processingStatus' | 'verificationStatus';
  oldValue: string | null;
  newValue: string | null;
  comment: string | null;
}

/** `GET /agent/api/v1/transaction/{id}`. */
export interface TransactionRecord {
  id: string;
  workflowId: string;
  workflowVersionId: string;
  /** idlens has one tenant level: partnerId and companyId equal organizationId. */
  partnerId: string;
  companyId: string;
  organizationId: string;
  platform: string;
  sdkVersion: { version: string };
  createdOn: string;
  modifiedOn: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  originalVerificationStatus: VerificationStatus | null;
  statusLog: StatusLogEntry[];
  state: Record<string, StateEntry>;
  tags: string[];
  linkFields: Record<string, string>;
  consent: Consent;
  workflowInfo: WorkflowInfo;
}

/** `PUT /agent/api/v1/transaction/{id}/verification-status`. */
export interface VerificationStatusUpdate {
  verificationStatus: VerificationStatus;
  comment?: string;
}

/** Answer of the verification-status update and of DELETE (the spec leaves both bodies open). */
export interface TransactionStatusResponse {
  transactionId: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  originalVerificationStatus: VerificationStatus | null;
}

export interface TransactionSummary {
  id: string;
  workflowId: string;
  workflowVersionId: string;
  organizationId: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  createdOn: string;
  modifiedOn: string;
}

/** `GET /agent/api/v1/transaction?processingStatus=&workflowId=&limit=&cursor=`. */
export interface TransactionList {
  items: TransactionSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A form field the workflow's Start step declares. */
export interface FormField {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'email' | 'date';
  required: boolean;
}

/** `GET /agent/api/v1/initialize/{workflowId}/info` and items of the workflow listing. */
export interface WorkflowSummary {
  workflowId: string;
  workflowVersionId: string;
  name: string;
  formFields: FormField[];
  interactiveSteps: WorkflowStepInfo[];
}

/** Images of an interactive step submission: Base64 (a `data:` URL prefix is accepted). */
export interface StepImages {
  front?: string | null;
  back?: string | null;
  face?: string | null;
}

/** `POST {edgeApiUrl}/api/v1/transaction/{id}/step/{stepId}`: images plus the browser's own extraction. */
export interface StepSubmission {
  images: StepImages;
  /** What the browser's engine read (the recognition `data` object, images left out). */
  extraction?: Record<string, unknown> | null;
}

/** What the current step needs, in the edge view. */
export interface CurrentStepView extends WorkflowStepInfo {
  /** Step settings the browser needs (e.g. which sides to capture). */
  settings: Record<string, unknown>;
  /** True while the step is interactive and still waiting for a submission. */
  awaitingInput: boolean;
}

/** `GET {edgeApiUrl}/api/v1/transaction/{id}` and the answer to a step submission. */
export interface EdgeTransactionView {
  transactionId: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  workflowInfo: WorkflowInfo;
  hasConsent: boolean;
  currentStep: CurrentStepView | null;
}

/** `POST /agent/oauth/token` answer (RFC 6749 §5.1). */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Where a hand-off to another device stands (`GET {edge}/api/v1/transaction/{id}/handoff`). */
export type HandoffStatus = 'none' | 'waiting' | 'joined' | 'expired' | 'cancelled';

/** `POST {edge}/api/v1/transaction/{id}/handoff`: the join URL (works once, for minutes) and its QR code. */
export interface HandoffStarted {
  status: 'waiting';
  joinUrl: string;
  expiresOn: string;
  /** The join URL as a QR code, SVG. */
  qrCodeSvg: string;
}

export interface HandoffState {
  status: HandoffStatus;
  expiresOn: string | null;
  joinedOn: string | null;
  transaction: EdgeTransactionView;
}

/** `POST {joinUrl}`: the joining device's credentials (its own key, never the first device's). */
export interface JoinedTransaction {
  transactionId: string;
  ephemeralKey: string;
  authorization: string;
  edgeApiUrl: string;
}
