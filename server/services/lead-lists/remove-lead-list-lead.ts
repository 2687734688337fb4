import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { findLeadList } from "./find-lead-list";

/** Takes a lead off a list (campaigns it already joined keep it; stop it there if need be). */
export async function removeLeadListLead(actor: Actor, listId: string, leadId: string): Promise<void> {
  const list = await findLeadList(actor, listId);
  const removed = await db.leadListEntry.deleteMany({ where: { listId: list.id, leadId } });
  if (!removed.count) throw HeraldError.notFound("Lead in this list");
}
