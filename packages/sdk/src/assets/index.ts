/** `@idlens/sdk/assets` (Node): the files an app serves for the browser SDK, and a copier. */
export { compressAssets, compressBytes, listCompressible, precompressedSuffixes, type CompressedSizes, type CompressOptions } from './compress-assets.ts';
export { bundleFiles, copyBrowserAssets, listBrowserAssets, prebuiltBundleDir, type BrowserAsset, type BrowserAssetOptions } from './browser-assets.ts';
