import type { Actor } from "../../lib/actor";
import type { TLeadList } from "../../schemas/lead";
import { findLeadList } from "./find-lead-list";
import { toLeadLists } from "./to-lead-list";

export async function getLeadList(actor: Actor, listId: string): Promise<TLeadList> {
  return (await toLeadLists([await findLeadList(actor, listId)]))[0]!;
}
