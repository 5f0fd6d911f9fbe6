/** `@idlens/sdk/vite`: the Vite plugin that serves and emits the browser SDK's worker, wasm and models. */
export { idlens, idlens as default, type IdlensViteOptions } from './idlens-vite-plugin.ts';
