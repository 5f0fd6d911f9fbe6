/** The authenticated caller of the agent interface: one client of one organization. */
export interface AgentPrincipal {
  clientId: string;
  organizationId: string;
}
