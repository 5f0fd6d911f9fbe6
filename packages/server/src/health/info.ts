import { ZXING_CPP_COMMIT, ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'zxing-wasm/reader';
import type { InfoEntry } from '@idlens/sdk/api';
import { modelManifest } from '@idlens/models';
import onnxruntimePackage from 'onnxruntime-node/package.json' with { type: 'json' };
import sdkPackage from '@idlens/sdk/package.json' with { type: 'json' };
import serverPackage from '../../package.json' with { type: 'json' };

/** What `GET /info` lists: the server, the engine, the zxing build, ONNX Runtime and each model asset (with sha256). */
export function buildInfo(): InfoEntry[] {
  return [
    { name: 'idlens-server', version: serverPackage.version, details: { node: process.version } },
    { name: 'idlens-engine', version: sdkPackage.version, details: null },
    { name: 'zxing-wasm', version: ZXING_WASM_VERSION, details: { zxingCppCommit: ZXING_CPP_COMMIT, sha256: ZXING_WASM_SHA256 } },
    { name: 'onnxruntime-node', version: onnxruntimePackage.version, details: null },
    ...modelManifest.map((m) => ({
      name: `model:${m.name}`,
      version: m.sha256.slice(0, 12),
      details: { file: m.file, sha256: m.sha256, task: m.task, source: m.source, licence: m.licence, optional: m.optional },
    })),
  ];
}
