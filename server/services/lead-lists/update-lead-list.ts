import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TUpdateLeadListInput, TLeadList } from "../../schemas/lead";
import { findLeadList } from "./find-lead-list";
import { toLeadLists } from "./to-lead-list";

/** Renames a lead list. */
export async function updateLeadList(actor: Actor, listId: string, input: TUpdateLeadListInput): Promise<TLeadList> {
  const { name } = input;
  const list = await findLeadList(actor, listId);
  const row = await db.leadList.update({ where: { id: list.id }, data: { name, updatedAt: now() } });
  return (await toLeadLists([row]))[0]!;
}
