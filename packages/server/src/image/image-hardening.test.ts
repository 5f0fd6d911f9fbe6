import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeProbed, probeImage } from './decode-image.ts';
import { createAddressPolicy } from '../net/ip-policy.ts';

async function jpegWithCorruptEntropyData(): Promise<Buffer> {
  const width = 320;
  const height = 240;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) & 255;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  let sos = -1;
  for (let i = 2; i < jpeg.length - 1; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xda) {
      sos = i;
      break;
    }
  }
  const start = sos + 2 + jpeg.readUInt16BE(sos + 2);
  const corrupt = Buffer.from(jpeg);
  // XOR bytes of the entropy-coded data (after the scan header, before the EOI marker).
  for (let i = start + 50; i < jpeg.length - 10; i += 7) corrupt[i]! ^= 0x5a;
  return corrupt;
}

describe('decodeProbed', () => {
  it('IMAGE_DECODE_FAILED for a JPEG whose entropy data is corrupt (not a blank frame)', async () => {
    const corrupt = await jpegWithCorruptEntropyData();
    // The header is intact: the probe passes, the decode finds the damage.
    const probed = await probeImage(new Uint8Array(corrupt), 'image', 40_000_000);
    await expect(decodeProbed(probed, 40_000_000)).rejects.toMatchObject({ code: 'IMAGE_DECODE_FAILED', status: 400 });
  });
});

describe('address policy', () => {
  const policy = createAddressPolicy([]);
  it.each([
    ['IPv4-translated ::ffff:0:0/96 (dotted)', '::ffff:0:127.0.0.1'],
    ['IPv4-translated ::ffff:0:0/96 (hex)', '::ffff:0:7f00:1'],
    ['IPv4-translated, private', '::ffff:0:a00:1'],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo embedding 10.0.0.1', '2001::a00:1'],
    ['6to4 2002::/16 embedding 127.0.0.1', '2002:7f00:1::1'],
    ['6to4 embedding 10.0.0.1', '2002:a00:1::'],
    ['NAT64 64:ff9b::/96 embedding 10.0.0.1', '64:ff9b::a00:1'],
    ['NAT64 embedding 127.0.0.1 (dotted)', '64:ff9b::127.0.0.1'],
    ['NAT64 local-use 64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(policy.isAllowed(address)).toBe(false);
    expect(policy.isAllowed(new URL(`http://[${address}]/`).hostname.slice(1, -1))).toBe(false);
  });

  it('still allows public IPv4 and IPv6 addresses', () => {
    expect(policy.isAllowed('93.184.216.34')).toBe(true);
    expect(policy.isAllowed('2606:4700:4700::1111')).toBe(true);
    expect(policy.isAllowed('::ffff:93.184.216.34')).toBe(true);
  });
});
