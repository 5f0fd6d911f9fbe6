import { entryForPrecision, modelManifest, type ModelAsset, type ModelEntry, type ModelSet, type WeightPrecision } from '@idlens/models';
import { IdlensError } from '../core/errors.ts';
import { fetchAsset, versionedAssetUrl, type FetchAssetOptions } from './fetch-asset.ts';
import { sha256Hex } from './sha256.ts';

/**
 * Reads an asset's bytes. Throws an `IdlensError`: `ASSET_NOT_FOUND` when the file is not there
 * (allowed for optional assets), or another code for any other failure.
 */
export type ModelReader = (entry: ModelEntry) => Promise<Uint8Array>;

export interface LoadModelsOptions {
  read: ModelReader;
  /** Names to load; default: every asset in the manifest. */
  names?: readonly string[];
  /** The int8-weight files (default) or their float originals (four times the bytes, marginally different readings). */
  weights?: WeightPrecision;
}

/**
 * Loads assets and checks each against the manifest's sha256: a corrupt or substituted weight file
 * must fail loudly at start-up, not produce silently wrong readings. Absent optional assets are
 * left out of the set (the engine falls back, e.g. to the general recognizer for the MRZ); absent
 * required ones throw `ASSET_NOT_FOUND`.
 */
export async function loadModels({ read, names, weights = 'int8' }: LoadModelsOptions): Promise<ModelSet> {
  const entries = (names ? names.map(entryNamed) : [...modelManifest]).map((entry) => entryForPrecision(entry, weights));
  const loaded = await Promise.all(entries.map((entry) => loadOne(entry, read)));
  const set: Record<string, ModelAsset> = {};
  for (const asset of loaded) if (asset) set[asset.entry.name] = asset;
  return set;
}

async function loadOne(entry: ModelEntry, read: ModelReader): Promise<ModelAsset | null> {
  let bytes: Uint8Array;
  try {
    bytes = await read(entry);
  } catch (error) {
    if (entry.optional && (error as { code?: unknown })?.code === 'ASSET_NOT_FOUND') return null;
    if (error instanceof IdlensError) throw error;
    throw new IdlensError('ASSET_NOT_FOUND', `model ${entry.name}: cannot read ${entry.file}: ${(error as Error)?.message ?? error}`, { cause: error });
  }
  await verifyModelBytes(entry, bytes);
  return { entry, bytes };
}

/** Throws `ASSET_INTEGRITY` unless `bytes` hash to the entry's sha256. */
export async function verifyModelBytes(entry: ModelEntry, bytes: Uint8Array, where: string = entry.file): Promise<void> {
  const actual = await sha256Hex(bytes);
  if (actual !== entry.sha256.toLowerCase()) {
    throw new IdlensError(
      'ASSET_INTEGRITY',
      `model ${entry.name}: ${where} has sha256 ${actual} (${bytes.byteLength} bytes), expected ${entry.sha256} (${entry.bytes} bytes)`,
    );
  }
}

function entryNamed(name: string): ModelEntry {
  const entry = modelManifest.find((e) => e.name === name);
  if (!entry) throw new IdlensError('INVALID_OPTIONS', `model ${name} is not in @idlens/models' manifest.json`);
  return entry;
}

/** The URL a model is fetched from: its file under `baseUrl`, with its sha256 as the cache key. */
export function modelFetchUrl(entry: ModelEntry, baseUrl: string | URL): string {
  return versionedAssetUrl(entry.file, entry.sha256, baseUrl);
}

export interface LoadModelsFromUrlOptions extends FetchAssetOptions {
  /** Absolute URL of the folder holding the model files (e.g. `https://app.example/idlens/models/`). */
  baseUrl: string | URL;
  names?: readonly string[];
}

/** Loads and verifies models with `fetch` (browsers and workers), reporting progress with the manifest's sizes as totals. */
export function loadModelsFromUrl({ baseUrl, names, ...fetchOptions }: LoadModelsFromUrlOptions): Promise<ModelSet> {
  return loadModels({
    names,
    read: (entry) => fetchAsset(modelFetchUrl(entry, baseUrl), entry.file, { bytes: entry.bytes, sha256: entry.sha256.toLowerCase() }, fetchOptions),
  });
}
