import type { Invitation } from "../../db/generated/client";
import type { TInvitation } from "../../schemas/account-user";

export function toInvitation(row: Invitation): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    canManageBilling: row.canManageBilling,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
