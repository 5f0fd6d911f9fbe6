/** Splits `Authorization: Basic base64(user:password)`; null when the header is absent or malformed. */
export function parseBasicAuthorization(header: string | undefined | null): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The token of `Authorization: Bearer …`; null otherwise. */
export function parseBearerAuthorization(header: string | undefined | null): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * The token of `Authorization: Bearer …` whatever its characters (an operator's token: `ADMIN_TOKEN`,
 * `METRICS_TOKEN`); null when there is none. Agent access tokens are parsed stricter, above.
 */
export function parseOperatorBearer(header: string | undefined | null): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/** The value of `Authorization: Basic …` for a user and password. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
