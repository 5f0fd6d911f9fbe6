import packageJson from '../../package.json' with { type: 'json' };

/** The SDK's version, sent as `sdkVersion` when creating a transaction. */
export const sdkVersion: string = packageJson.version;
