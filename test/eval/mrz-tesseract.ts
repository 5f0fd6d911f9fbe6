import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';

const run = promisify(execFile);

/** Whether Debian's `tesseract` is installed (the peer is skipped, and says so, when it is not). */
export async function tesseractVersion(): Promise<string | null> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--version']);
    return (stdout || stderr).split('\n')[0]!.trim();
  } catch {
    return null;
  }
}

/** Tesseract's lines for an MRZ crop, restricted to the MRZ alphabet (psm 6: one block of text). */
export async function tesseractLines(crop: Frame): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-tess-'));
  try {
    const file = path.join(dir, 'mrz.png');
    await writeFile(
      file,
      await sharp(Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength), { raw: { width: crop.width, height: crop.height, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '6', '-c', 'tessedit_char_whitelist=<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'], {
      timeout: 60_000,
    });
    return stdout
      .split('\n')
      .map((l) => l.replace(/\s+/g, ''))
      .filter((l) => l.length >= 20);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
