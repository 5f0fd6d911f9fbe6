export { startTransaction, resumeTransaction, type CapturedImages, type StartTransactionOptions, type ResumeTransactionOptions, type TransactionCallbacks, type TransactionResult } from './run-transaction.ts';
export { createEdgeClient, TransactionError, type EdgeClient, type EdgeClientOptions } from './edge-client.ts';
export { sdkVersion } from './sdk-version.ts';
