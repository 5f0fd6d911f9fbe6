import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('logger (pino, JSON lines, redaction)', () => {
  it('writes one JSON object per line with level, time and message', () => {
    const lines: string[] = [];
    createLogger((line) => lines.push(line)).info('request', { executionId: 'e-1', status: 200 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', message: 'request', executionId: 'e-1', status: 200 });
    expect(Date.parse(JSON.parse(lines[0]!).time)).not.toBeNaN();
  });

  it('writes the access-log line as pino writes the same fields, keys in the same order', () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const fields = { executionId: 'e-1', method: 'GET', path: '/agent/api/v1/transaction/[redacted]', status: 404, ms: 3 };
    logger.info('request', fields);
    logger.request({ ...fields, ms: 2.6 });
    const [generic, fast] = lines.map((line) => {
      const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      expect(Date.parse(String(time))).not.toBeNaN();
      return rest;
    });
    expect(Object.entries(fast!)).toEqual(Object.entries(generic!));
  });

  it('scrubs the access-log line too: a card number in a path that slipped through is masked', () => {
    const lines: string[] = [];
    createLogger((line) => lines.push(line)).request({ executionId: 'e-2', method: 'GET', path: '/x/4111 1111 1111 1111', status: 200, ms: 1 });
    expect(lines[0]).not.toContain('4111 1111 1111 1111');
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/x/411111******1111', status: 200 });
  });

  it('never writes secrets, card numbers, Authorization values or images, even when a caller passes them', () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const jpeg = `/9j/4AAQSkZJRgABAQ${'A'.repeat(200)}`;
    logger.error('failed for 4111 1111 1111 1111 with Basic dXNlcjpwYXNzd29yZA==', {
      authorization: 'Bearer abc.def.ghi',
      clientSecret: 's3cr3t-value',
      nested: { ephemeralKey: 'k3y-value', note: 'pan 5555555555554444' },
      photo: jpeg,
      error: 'cause: card 378282246310005',
    });
    const text = lines.join('\n');
    for (const leak of [
      '4111 1111 1111 1111',
      'dXNlcjpwYXNzd29yZA==',
      'abc.def.ghi',
      's3cr3t-value',
      'k3y-value',
      '5555555555554444',
      '378282246310005',
      jpeg.slice(0, 30),
    ]) {
      expect(text).not.toContain(leak);
    }
    expect(text).toContain('411111******1111');
  });
});
