import type { Frame } from '@idlens/sdk';
import type { ImageSource } from '@idlens/sdk/api';
import type { Config } from '../config.ts';
import { decodeProbed, probeImage, type ProbedImage } from './decode-image.ts';
import { fetchImageUrl } from './fetch-image-url.ts';
import { createAddressPolicy } from '../net/ip-policy.ts';
import { readImageSource } from './read-image-source.ts';

/**
 * ImageSource → decoded RGBA frame in two steps, with every limit of the configuration applied:
 * `probe` reads the bytes (Base64 or URL) and checks format and header; `decode` produces the
 * pixels. The caller reserves memory for the probed pixel count in between.
 */
export interface ImageLoader {
  probe(source: ImageSource | null | undefined, field: string): Promise<ProbedImage>;
  decode(image: ProbedImage): Promise<Frame>;
}

export function createImageLoader(config: Config): ImageLoader {
  const { maxBytes, maxPixels } = config.image;
  const policy = createAddressPolicy(config.urlFetch.allowList);
  const fetchUrl = config.urlFetch.enabled
    ? (url: string) => fetchImageUrl(url, { policy, maxBytes, timeoutMs: config.urlFetch.timeoutMs, maxRedirects: config.urlFetch.maxRedirects })
    : null;
  return {
    async probe(source, field) {
      return probeImage(await readImageSource(source, field, { fetchUrl, maxBytes }), field, maxPixels);
    },
    decode: (image) => decodeProbed(image, maxPixels),
  };
}
