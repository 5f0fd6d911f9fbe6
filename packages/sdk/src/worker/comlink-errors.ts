import { transferHandlers, type TransferHandler } from 'comlink';
import { IdlensError, isIdlensErrorCode } from '../core/errors.ts';

interface SerializedError {
  message?: string;
  name?: string;
  code?: string;
  status?: number | null;
  serverCode?: string | null;
}

interface SerializedThrow {
  isError: boolean;
  value: SerializedError | unknown;
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
        const { code, status, serverCode } = value as { code?: unknown; status?: unknown; serverCode?: unknown };
        const serialized: SerializedError = {
          message: value.message,
          name: value.name,
          code: typeof code === 'string' ? code : undefined,
          status: typeof status === 'number' ? status : null,
          serverCode: typeof serverCode === 'string' ? serverCode : null,
        };
        return [{ isError: true, value: serialized }, []];
      }
      return [{ isError: false, value }, []];
    },
    deserialize(serialized: SerializedThrow) {
      if (!serialized.isError) throw serialized.value;
      const { message = 'worker error', code, status, serverCode } = serialized.value as SerializedError;
      throw new IdlensError(isIdlensErrorCode(code) ? code : 'INTERNAL_ERROR', message, { status, serverCode });
    },
  } as TransferHandler<unknown, unknown>);
}
