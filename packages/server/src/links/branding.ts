import type { z } from '@hono/zod-openapi';
import sharp from 'sharp';
import type { Branding } from '@idlens/sdk/api';
import { findBranding, upsertBranding } from '../db/repositories/verification-link-repository.ts';
import { findOrganization } from '../db/repositories/organization-repository.ts';
import type { Db } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { sniffImageFormat } from '../image/decode-image.ts';
import { maskCardNumbersIn } from '../workflow/sanitize-extraction.ts';
import type { AgentPrincipal } from '../platform/auth/agent-principal.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import type { brandingSchema, brandingUpdateSchema } from './link-schemas.ts';

/** The largest logo accepted: the run page loads it on every visit, often over a phone's network. */
export const maxLogoBytes = 256 * 1024;
const maxLogoSide = 1024;

/** The wire view: the SDK's type and the OpenAPI schema's, which must agree. */
type BrandingView = z.infer<typeof brandingSchema> & Branding;

/** What the run page shows of an organization: its display name (or its name), colour and whether it has a logo. */
export interface RunBranding {
  name: string;
  accentColor: string | null;
  hasLogo: boolean;
}

export async function getBranding(ctx: Pick<PlatformContext, 'db'>, principal: Pick<AgentPrincipal, 'organizationId'>): Promise<BrandingView> {
  const row = await findBranding(ctx.db, principal.organizationId);
  return { displayName: row?.displayName ?? null, accentColor: row?.accentColor ?? null, hasLogo: Boolean(row?.logo), modifiedOn: row?.modifiedOn ?? null };
}

export async function updateBranding(ctx: PlatformContext, principal: AgentPrincipal, patch: z.infer<typeof brandingUpdateSchema>): Promise<BrandingView> {
  const fields = {
    ...(patch.displayName !== undefined ? { displayName: patch.displayName === null ? null : maskCardNumbersIn(patch.displayName) } : {}),
    ...(patch.accentColor !== undefined ? { accentColor: patch.accentColor?.toLowerCase() ?? null } : {}),
  };
  await upsertBranding(ctx.db, principal.organizationId, { ...fields, modifiedOn: isoAt(ctx.now()) });
  return getBranding(ctx, principal);
}

/**
 * Sets the logo: a PNG or JPEG of at most 256 KiB and 1024 px a side, decoded once to prove it
 * whole. (No SVG: it is a document that can carry script.)
 */
export async function setLogo(ctx: PlatformContext, principal: AgentPrincipal, bytes: Uint8Array): Promise<BrandingView> {
  if (bytes.length > maxLogoBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `the logo is larger than ${maxLogoBytes / 1024} KiB`);
  const format = sniffImageFormat(bytes);
  if (!format) throw new ApiError('IMAGE_FORMAT_UNSUPPORTED', 'the logo must be a PNG or JPEG image');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new ApiError('IMAGE_DECODE_FAILED', 'the logo cannot be decoded');
  if (meta.width > maxLogoSide || meta.height > maxLogoSide) throw new ApiError('IMAGE_TOO_LARGE', `the logo is larger than ${maxLogoSide} px a side`);
  // The header is not the image: decoded whole (≤ 1024² pixels), a truncated or corrupt file is refused.
  const whole = await sharp(bytes, { failOn: 'truncated' })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
  if (!whole) throw new ApiError('IMAGE_DECODE_FAILED', 'the logo cannot be decoded (truncated or corrupt)');
  await upsertBranding(ctx.db, principal.organizationId, {
    logo: Buffer.from(bytes),
    logoContentType: format === 'png' ? 'image/png' : 'image/jpeg',
    modifiedOn: isoAt(ctx.now()),
  });
  return getBranding(ctx, principal);
}

export async function removeLogo(ctx: PlatformContext, principal: AgentPrincipal): Promise<BrandingView> {
  await upsertBranding(ctx.db, principal.organizationId, { logo: null, logoContentType: null, modifiedOn: isoAt(ctx.now()) });
  return getBranding(ctx, principal);
}

/** The run page's view of an organization's branding. */
export async function runBranding(db: Db, organizationId: string): Promise<RunBranding> {
  const [organization, row] = await Promise.all([findOrganization(db, organizationId), findBranding(db, organizationId)]);
  return { name: row?.displayName ?? organization?.name ?? '', accentColor: row?.accentColor ?? null, hasLogo: Boolean(row?.logo) };
}

/** The organization's logo, or null (the run page and the console's preview). */
export async function findLogo(db: Db, organizationId: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await findBranding(db, organizationId);
  return row?.logo && row.logoContentType ? { bytes: row.logo, contentType: row.logoContentType } : null;
}
