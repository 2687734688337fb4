import { db } from "../../db/client";
import type { TInstanceWorkspace } from "../../schemas/instance-admins";
import { requireInstanceAdmin, type InstanceAdminCaller } from "./require-instance-admin";

/** Every workspace of the installation, by name, with its owners: whom an instance administrator may credit. */
export async function listInstanceWorkspaces(caller: InstanceAdminCaller): Promise<TInstanceWorkspace[]> {
  await requireInstanceAdmin(caller, "list the installation's workspaces");
  const rows = await db.workspace.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 500,
    select: {
      id: true,
      name: true,
      aiCreditBalance: true,
      memberships: { where: { role: "owner" }, orderBy: { createdAt: "asc" }, select: { user: { select: { name: true, email: true } } } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    aiCreditBalance: row.aiCreditBalance,
    owners: row.memberships.map(({ user }) => user.name?.trim() || user.email),
  }));
}
