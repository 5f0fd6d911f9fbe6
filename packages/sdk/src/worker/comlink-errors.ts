import { transferHandlers, type TransferHandler } from 'comlink';
import { IdlensError, idlensErrorCodes, type IdlensErrorCode } from '../engine/errors.ts';

interface SerializedThrow {
  isError: boolean;
  value: { message?: string; name?: string; code?: string } | unknown;
}

/**
 * Makes errors thrown in a worker arrive as `IdlensError`s with their `code`. Comlink's built-in
 * handler keeps only message/name/stack, so clients could no longer switch on the code.
 * Call once on both sides of the boundary; calling it again is harmless.
 */
export function registerIdlensErrorTransfer(): void {
  const builtIn = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, SerializedThrow> | undefined;
  if (!builtIn) return;
  transferHandlers.set('throw', {
    canHandle: builtIn.canHandle,
    serialize({ value }: { value: unknown }) {
      if (value instanceof Error) {
        const code = (value as { code?: unknown }).code;
        return [{ isError: true, value: { message: value.message, name: value.name, code: typeof code === 'string' ? code : undefined } }, []];
      }
      return [{ isError: false, value }, []];
    },
    deserialize(serialized: SerializedThrow) {
      if (!serialized.isError) throw serialized.value;
      const { message = 'worker error', code } = serialized.value as { message?: string; code?: string };
      throw new IdlensError(isKnownCode(code) ? code : 'INTERNAL_ERROR', message);
    },
  } as TransferHandler<unknown, unknown>);
}

function isKnownCode(code: unknown): code is IdlensErrorCode {
  return typeof code === 'string' && (idlensErrorCodes as readonly string[]).includes(code);
}
