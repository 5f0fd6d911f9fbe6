/**
 * Entry of the prebuilt `idlens.js` (dist/browser): the browser SDK as one ES module for pages
 * without a bundler (`<script type="importmap">` or a direct import). The same API as
 * `@idlens/sdk/client`, except that the worker, wasm and models default to the folder this file
 * was loaded from, because the assets copy puts them beside it.
 */
import { createRecognizer as createRecognizerAt, type Recognizer, type RecognizerOptions } from './client/create-recognizer.ts';

export * from './browser.ts';

/** `createRecognizer` of `@idlens/sdk/client`, with the assets beside `idlens.js` unless `assetsBaseUrl` or `workerUrl` says otherwise. */
export function createRecognizer(options: RecognizerOptions = {}): Recognizer {
  // The folder of this module (not `new URL('./', import.meta.url)`: bundlers treat that literal as an asset to copy).
  const here = import.meta.url.replace(/[^/?#]*([?#].*)?$/, '');
  return createRecognizerAt(options.assetsBaseUrl || options.workerUrl ? options : { ...options, assetsBaseUrl: here });
}
