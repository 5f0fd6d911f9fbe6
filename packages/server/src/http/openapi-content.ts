import type { z } from '@hono/zod-openapi';

/** Pieces of the OpenAPI route definitions that every API surface writes the same way. */

/** A JSON answer of a route, with its description. */
export const jsonResponse = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

/** The agent API's two schemes: Basic client credentials or a bearer access token. */
export const agentSecurity: Array<Record<string, string[]>> = [{ agentBasic: [] }, { agentBearer: [] }];
