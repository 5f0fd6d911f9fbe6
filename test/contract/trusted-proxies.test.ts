import { listen, readConfig } from '@idlens/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformTestApp, type PlatformTestApp } from '../support/platform-app.ts';

/**
 * TRUSTED_PROXIES: behind the operator's proxy the failed-login limits count the client's address
 * the proxy forwarded, not the proxy's — and never an address a client wrote itself.
 */

const failuresPerAddress = 3;
let t: PlatformTestApp | undefined;
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  await t?.close();
});

/** The app on a real socket (the peer address is 127.0.0.1) with the failure limit per address only. */
async function serve(env: Record<string, string>) {
  t = await createPlatformTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: String(failuresPerAddress), AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS: '0', AUTH_RATE_LIMIT_PER_ID: '0', ...env },
  });
  const listening = await listen(t.app, { ...t.config, port: 0, host: '127.0.0.1' });
  close = listening.close;
  return async (authorization: string, forwardedFor?: string) =>
    (
      await fetch(`http://127.0.0.1:${listening.port}/agent/api/v1/workflow`, {
        headers: { authorization, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      })
    ).status;
}

describe('failed logins behind a trusted proxy', () => {
  it('count the forwarded client address: a guesser is refused, another client through the same proxy is not', async () => {
    const get = await serve({ TRUSTED_PROXIES: '127.0.0.1' });
    const wrong = t!.basic(t!.demo.clientId, 'not-the-secret');
    for (let i = 0; i < failuresPerAddress; i++) expect(await get(wrong, '198.51.100.7')).toBe(401);
    expect(await get(wrong, '198.51.100.7')).toBe(429);
    expect(await get(t!.agentAuth, '198.51.100.7')).toBe(429);
    expect(await get(t!.agentAuth, '198.51.100.8')).toBe(200);
    // What a client wrote left of the proxy's entry is not believed: still the guesser's address.
    expect(await get(wrong, '203.0.113.1, 198.51.100.7')).toBe(429);
    // A proxy chain: trusted hops on the right are skipped.
    expect(await get(wrong, '198.51.100.7, 127.0.0.1')).toBe(429);
    // The proxy sent nothing usable: its own address counts (no failure on it yet).
    expect(await get(t!.agentAuth, 'garbage')).toBe(200);
  });

  it('without TRUSTED_PROXIES, X-Forwarded-For is ignored: every failure counts against the connection', async () => {
    const get = await serve({});
    const wrong = t!.basic(t!.demo.clientId, 'not-the-secret');
    for (let i = 0; i < failuresPerAddress; i++) expect(await get(wrong, `198.51.100.${10 + i}`)).toBe(401);
    expect(await get(t!.agentAuth, '198.51.100.99')).toBe(429);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or CIDR', () => {
    expect(() => readConfig({ TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => readConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(readConfig({ TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8, 192.0.2.1' }).http.trustedProxies).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
  });
});
