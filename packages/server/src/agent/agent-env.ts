import type { RequestVariables } from '../http/context.ts';
import type { AgentPrincipal } from '../platform/auth/agent-principal.ts';

/** Hono env of agent routes: the request variables plus the authenticated client. */
export type AgentEnv = { Variables: RequestVariables & { principal: AgentPrincipal } };
