import { describe, expect, it } from 'vitest';
import { CallScope, checkpointedZxing } from './call-scope.ts';

describe('CallScope', () => {
  it('runs calls one at a time; a cancelled call stops at its next checkpoint and the next one runs', async () => {
    const scope = new CallScope();
    const reads: string[] = [];
    const zxing = checkpointedZxing({ readBarcodes: async () => [] }, scope);
    const slow = scope.run(1, async () => {
      for (let pass = 0; pass < 1000; pass++) {
        reads.push(`a${pass}`);
        await zxing.readBarcodes({ data: new Uint8ClampedArray(4), width: 1, height: 1 }, {});
      }
      return 'a done';
    });
    const next = scope.run(2, async () => 'b done');
    await new Promise((r) => setTimeout(r, 5));
    scope.cancel(1);
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
    expect(reads.length).toBeLessThan(1000);
    await expect(next).resolves.toBe('b done');
  });

  it('a call cancelled before its turn never starts', async () => {
    const scope = new CallScope();
    let started = false;
    const first = scope.run(1, () => new Promise((r) => setTimeout(() => r('first'), 10)));
    const second = scope.run(2, async () => {
      started = true;
    });
    scope.cancel(2);
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(started).toBe(false);
  });
});
