import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TLead } from "../../schemas/lead";
import { toLeads } from "../leads/to-lead";
import { findLeadList } from "./find-lead-list";

/** The leads of a list, in the order they were added. */
export async function listLeadListLeads(actor: Actor, listId: string, paging: TPaginationQuery): Promise<{ leads: TLead[]; total: number }> {
  const list = await findLeadList(actor, listId);
  const [entries, total] = await Promise.all([
    db.leadListEntry.findMany({
      where: { listId: list.id },
      include: { lead: true },
      orderBy: { seq: "asc" },
      take: paging.limit,
      skip: paging.offset,
    }),
    db.leadListEntry.count({ where: { listId: list.id } }),
  ]);
  return { leads: await toLeads(entries.map((entry) => entry.lead)), total };
}
