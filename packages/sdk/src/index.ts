export * from './api/index.ts';
export { createEngine, IdlensError, isIdlensError } from './engine/index.ts';
export type { Engine, EngineRuntimes, Frame, CardSides, DocumentSides, IdlensErrorCode } from './engine/index.ts';
