import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TCreateLeadListInput, TLeadList } from "../../schemas/lead";
import { toLeadLists } from "./to-lead-list";

export async function createLeadList(actor: Actor, input: TCreateLeadListInput): Promise<TLeadList> {
  const { name } = input;
  const at = now();
  const row = await db.leadList.create({ data: { workspaceId: actor.workspaceId, name, createdAt: at, updatedAt: at } });
  return (await toLeadLists([row]))[0]!;
}
