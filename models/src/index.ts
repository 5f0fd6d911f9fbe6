/**
 * `@idlens/models`: the manifest of every asset the engine may load, and where each file is.
 * Data and resolvers only — loading and sha256 verification are the SDK's (`@idlens/sdk`
 * runtime/load-models), which reports failures as `IdlensError`s.
 */
export { browserModels, entryForPrecision, modelManifest, findModel } from './manifest.ts';
export type { AssetOrigin, CharsetSpec, ModelAsset, ModelEntry, ModelInputSpec, ModelSet, Normalisation, WeightPrecision } from './manifest.ts';
export { modelUrl } from './urls.ts';
