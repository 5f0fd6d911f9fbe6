import { ZXING_CPP_COMMIT, ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'zxing-wasm/reader';
import type { InfoEntry } from '@idlens/sdk/api';
import sdkPackage from '@idlens/sdk/package.json' with { type: 'json' };
import serverPackage from '../../package.json' with { type: 'json' };

/** What `GET /info` lists: the server, the engine and the zxing build (models join with the OCR engine). */
export function buildInfo(): InfoEntry[] {
  return [
    { name: 'idlens-server', version: serverPackage.version, details: { node: process.version } },
    { name: 'idlens-engine', version: sdkPackage.version, details: null },
    { name: 'zxing-wasm', version: ZXING_WASM_VERSION, details: { zxingCppCommit: ZXING_CPP_COMMIT, sha256: ZXING_WASM_SHA256 } },
  ];
}
