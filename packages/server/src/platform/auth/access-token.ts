import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an agent access token asserts. */
export interface AccessTokenClaims {
  /** client_id */
  sub: string;
  /** organizationId */
  org: string;
  /** The client's token generation at issue; a token of an older one is refused (the secret was rotated). */
  gen: number;
  /** Issued at / expires at, seconds since the epoch. */
  iat: number;
  exp: number;
}

export interface AccessTokenSigner {
  issue(clientId: string, organizationId: string, generation: number, nowMs: number): { token: string; expiresIn: number };
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string, nowMs: number): AccessTokenClaims | null;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Short-lived bearer tokens for the agent API: compact JWTs signed with HMAC-SHA256. Stateless,
 * so every process sharing the secret accepts them; the client is still looked up on each use and
 * the token's generation compared with the client's, so revoking a client or rotating its secret
 * ends its tokens too.
 */
export function createAccessTokenSigner({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }): AccessTokenSigner {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();
  return {
    issue(clientId, organizationId, generation, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const claims: AccessTokenClaims = { sub: clientId, org: organizationId, gen: generation, iat, exp: iat + ttlSeconds };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
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
        // Tokens issued before generations existed are of the first one (0), which a rotation ends too.
        if (claims.gen === undefined) claims.gen = 0;
        if (!Number.isInteger(claims.gen)) return null;
        return claims.exp * 1000 > nowMs ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
