import { modelManifest, type ModelAsset, type ModelEntry, type ModelSet } from './manifest.ts';
import { sha256Hex } from './sha256.ts';

/** Thrown when an asset is missing, unreadable or has the wrong sha256. `code` is stable. */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  readonly code = 'MODEL_LOAD_FAILED';
}

/** Reads an asset's bytes; resolves `null` when it does not exist (allowed for optional assets). */
export type AssetReader = (entry: ModelEntry) => Promise<Uint8Array | null>;

export interface LoadModelsOptions {
  read: AssetReader;
  /** Names to load; default: every asset in the manifest. */
  names?: readonly string[];
}

/**
 * Loads assets and checks each against the manifest's sha256: a corrupt or substituted weight file
 * must fail loudly at start-up, not produce silently wrong readings. Absent optional assets are
 * left out of the set (the engine falls back); absent required ones throw.
 */
export async function loadModels({ read, names }: LoadModelsOptions): Promise<ModelSet> {
  const entries = names ? names.map(entryNamed) : [...modelManifest];
  const loaded = await Promise.all(entries.map((entry) => loadOne(entry, read)));
  const set: Record<string, ModelAsset> = {};
  for (const asset of loaded) if (asset) set[asset.entry.name] = asset;
  return set;
}

async function loadOne(entry: ModelEntry, read: AssetReader): Promise<ModelAsset | null> {
  let bytes: Uint8Array | null;
  try {
    bytes = await read(entry);
  } catch (error) {
    throw new ModelLoadError(`model ${entry.name}: cannot read ${entry.file}: ${(error as Error).message}`, { cause: error });
  }
  if (!bytes) {
    if (entry.optional) return null;
    throw new ModelLoadError(`model ${entry.name}: ${entry.file} not found${entry.from ? ` in package ${entry.from.package}` : ' in models/weights'}`);
  }
  await verifyModelBytes(entry, bytes);
  return { entry, bytes };
}

/** Throws ModelLoadError unless `bytes` hash to the entry's sha256. */
export async function verifyModelBytes(entry: ModelEntry, bytes: Uint8Array): Promise<void> {
  const actual = await sha256Hex(bytes);
  if (actual !== entry.sha256.toLowerCase()) {
    throw new ModelLoadError(`model ${entry.name}: sha256 mismatch (expected ${entry.sha256}, got ${actual})`);
  }
}

function entryNamed(name: string): ModelEntry {
  const entry = modelManifest.find((e) => e.name === name);
  if (!entry) throw new ModelLoadError(`model ${name}: not in manifest.json`);
  return entry;
}
