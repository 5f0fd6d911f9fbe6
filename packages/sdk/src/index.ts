export * from './api/index.ts';
export { createEngine } from './engine/index.ts';
export type { Engine, EngineRuntimes, CardSides, DocumentSides } from './engine/index.ts';
export { IdlensError, isIdlensError, type IdlensErrorCode } from './core/errors.ts';
export type { Frame } from './core/frame.ts';
