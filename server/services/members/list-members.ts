import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TMember } from "../../schemas/account-user";
import { toMember } from "./to-member";

export async function listMembers(actor: Actor): Promise<TMember[]> {
  const rows = await db.membership.findMany({
    where: { workspaceId: actor.workspaceId },
    include: { user: { select: { name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toMember);
}
