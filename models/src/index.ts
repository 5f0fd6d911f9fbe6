export { modelManifest, findModel } from './manifest.ts';
export type { AssetOrigin, CharsetSpec, ModelAsset, ModelEntry, ModelInputSpec, ModelSet, Normalisation } from './manifest.ts';
export { loadModels, verifyModelBytes, ModelLoadError, type AssetReader, type LoadModelsOptions } from './load-models.ts';
export { modelUrl, loadModelsFromUrls } from './browser.ts';
export { sha256Hex } from './sha256.ts';
