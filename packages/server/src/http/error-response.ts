import { z } from '@hono/zod-openapi';

/**
 * The body of every error answer (`createErrorHandler` writes it), registered once as the
 * `DefaultResponse` component that the recognition service and the platform both reference.
 */
export const defaultResponseSchema = z
  .object({
    code: z.string().openapi({ example: 'IMAGE_MISSING', description: 'Stable error code (docs/errors.md)' }),
    message: z.string(),
    traceId: z.string().nullable(),
    executionId: z.string().nullable(),
  })
  .openapi('DefaultResponse');

/** An OpenAPI error response: the one DefaultResponse body every endpoint (recognition and platform) answers with. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: defaultResponseSchema } } });
