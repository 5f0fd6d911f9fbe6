import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an agent access token asserts. */
export interface AccessTokenClaims {
  /** client_id */
  sub: string;
  /** organizationId */
  org: string;
  /** Issued at / expires at, seconds since the epoch. */
  iat: number;
  exp: number;
}

export interface AccessTokenSigner {
  issue(clientId: string, organizationId: string, nowMs: number): { token: string; expiresIn: number };
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string, nowMs: number): AccessTokenClaims | null;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Short-lived bearer tokens for the agent API: compact JWTs signed with HMAC-SHA256. Stateless,
 * so every process sharing the secret accepts them; the client is still looked up on each use, so
 * removing a client ends its tokens too.
 */
export function createAccessTokenSigner({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }): AccessTokenSigner {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();
  return {
    issue(clientId, organizationId, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const payload = Buffer.from(JSON.stringify({ sub: clientId, org: organizationId, iat, exp: iat + ttlSeconds } satisfies AccessTokenClaims)).toString(
        'base64url',
      );
      const data = `${header}.${payload}`;
      return { token: `${data}.${sign(data).toString('base64url')}`, expiresIn: ttlSeconds };
    },
    verify(token, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== header) return null;
      const expected = sign(`${parts[0]}.${parts[1]}`);
      const actual = Buffer.from(parts[2]!, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessTokenClaims;
        if (typeof claims.sub !== 'string' || typeof claims.org !== 'string' || typeof claims.exp !== 'number') return null;
        return claims.exp * 1000 > nowMs ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
