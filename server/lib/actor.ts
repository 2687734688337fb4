// Who is acting, in which workspace, with which rights: built once per request by each edge
// (dashboard session or API key) and handed to services, which never read HTTP requests.
import { HeraldError } from "./errors";

/** `approver` works the Approvals and Tasks queues and the Inbox only (server/lib/approver-access.ts). */
export type Role = "owner" | "admin" | "member" | "approver";

export interface Actor {
  userId: string;
  workspaceId: string;
  role: Role;
  canManageBilling: boolean;
  /** Set when the request came through the public API. */
  apiKeyId?: string;
  /** Set when that key is an AI agent's (ApiKey.agentKey): see requireNotAgentKey. */
  agentKey?: boolean;
}

const rank: Record<Role, number> = { approver: 0, member: 1, admin: 2, owner: 3 };

export function hasRole(actor: Actor, atLeast: Role): boolean {
  return rank[actor.role] >= rank[atLeast];
}

export function requireRole(actor: Actor, atLeast: Role, action: string): void {
  if (!hasRole(actor, atLeast)) {
    throw new HeraldError({ code: "forbidden", message: `Only a workspace ${atLeast === "admin" ? "admin or owner" : atLeast} can ${action}.` });
  }
}

/**
 * Governance of agents' writes is people's: an AI agent's key may not decide held writes, turn the
 * hold off or change key budgets, whatever its creator's role (docs/agent-approvals.md).
 */
export function requireNotAgentKey(actor: Actor, action: string): void {
  if (actor.agentKey) {
    throw new HeraldError({ code: "forbidden", message: `An AI agent's API key cannot ${action}: a person does that in the dashboard, or with an API key not made for an agent.` });
  }
}

/** Billing operations: owners always may; others need the manage-billing permission. */
export function requireBillingPermission(actor: Actor, action: string): void {
  if (actor.role !== "owner" && !actor.canManageBilling) {
    throw new HeraldError({ code: "not-allowed", message: `You are not allowed to ${action}: it needs permission to manage billing.` });
  }
}
