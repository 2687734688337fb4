import type { Membership, User } from "../../db/generated/client";
import type { TMember } from "../../schemas/account-user";

export function toMember(row: Membership & { user: Pick<User, "name" | "email"> }): TMember {
  return {
    id: row.id,
    userId: row.userId,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    canManageBilling: row.canManageBilling,
    createdAt: row.createdAt.toISOString(),
  };
}
