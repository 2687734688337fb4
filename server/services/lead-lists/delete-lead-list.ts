import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { findLeadList } from "./find-lead-list";

/**
 * Deletes a lead list (its leads stay in the workspace and in their campaigns). A list a campaign
 * uses or excludes is a 409 naming the campaigns: change them first.
 */
export async function deleteLeadList(actor: Actor, listId: string): Promise<void> {
  const list = await findLeadList(actor, listId);
  const users = await db.campaign.findMany({
    where: { workspaceId: actor.workspaceId, OR: [{ listId: list.id }, { excludeListIds: { has: list.id } }] },
    select: { id: true, name: true },
  });
  if (users.length) {
    throw new HeraldError({
      code: "list-in-use",
      message: `This list is used by ${users.map((campaign) => `"${campaign.name}" (${campaign.id})`).join(", ")}; remove it from those campaigns first.`,
    });
  }
  await db.leadList.delete({ where: { id: list.id } });
}
