import type { ImageInput } from './image-input.ts';

/**
 * An image as JPEG/PNG bytes for the wire (server fallback, transaction steps): JPEG/PNG blobs are
 * sent as they are; anything else is encoded as PNG (lossless: the server sees the same pixels).
 */
export async function encodeImage(input: ImageInput): Promise<Uint8Array> {
  if (typeof Blob !== 'undefined' && input instanceof Blob) {
    const bytes = new Uint8Array(await input.arrayBuffer());
    if (isJpegOrPng(bytes)) return bytes;
    return encodeImage(await createImageBitmap(input));
  }
  let canvas: OffscreenCanvas;
  const frame = input as { width: number; height: number; data?: unknown };
  if (frame.data instanceof Uint8ClampedArray) {
    canvas = new OffscreenCanvas(frame.width, frame.height);
    const ctx = canvas.getContext('2d')!;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(frame.data), frame.width, frame.height), 0, 0);
  } else {
    const bitmap = input instanceof ImageBitmap ? input : await createImageBitmap(input as ImageBitmapSource);
    canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

function isJpegOrPng(b: Uint8Array): boolean {
  return (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47);
}
