import type { Frame } from '@idlens/sdk';
import type { ImageSource } from '@idlens/sdk/api';
import type { Config } from '../../config.ts';
import { decodeImage } from './decode-image.ts';
import { fetchImageUrl } from './fetch-image-url.ts';
import { createAddressPolicy } from './ip-policy.ts';
import { readImageSource } from './read-image-source.ts';

/** ImageSource → decoded RGBA frame, with every limit of the configuration applied. */
export function createImageLoader(config: Config): (source: ImageSource | null | undefined, field: string) => Promise<Frame> {
  const { maxBytes, maxPixels } = config.image;
  const policy = createAddressPolicy(config.urlFetch.allowList);
  const fetchUrl = config.urlFetch.enabled
    ? (url: string) => fetchImageUrl(url, { policy, maxBytes, timeoutMs: config.urlFetch.timeoutMs, maxRedirects: config.urlFetch.maxRedirects })
    : null;
  return async function loadImage(source, field) {
    const bytes = await readImageSource(source, field, { fetchUrl, maxBytes });
    return decodeImage(bytes, field, maxPixels);
  };
}
