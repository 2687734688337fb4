// The dry run of POST /lead-lists/{id}/leads: the add's own work in a transaction rolled back
// (campaigns/add-leads-dry-run.ts), so the counts are the add's.
import type { Actor } from "../../lib/actor";
import type { TAddLeadsDryRun } from "../../schemas/dry-runs";
import type { TLeadsInput } from "../../schemas/lead";
import { rolledBack, summarizeAddDryRun } from "../campaigns/add-leads-dry-run";
import { leadSourceDetail } from "../leads/lead-source-detail";
import { addLeadListLeadsIn } from "./add-lead-list-leads";
import { findLeadList } from "./find-lead-list";

/** What POST /lead-lists/{id}/leads would do; stores nothing. */
export async function dryRunAddLeadListLeads(actor: Actor, listId: string, input: TLeadsInput, source = "api"): Promise<TAddLeadsDryRun> {
  const list = await findLeadList(actor, listId);
  const sourceDetail = await leadSourceDetail(actor, source);
  return rolledBack(async (tx) => summarizeAddDryRun(tx, actor, `the list “${list.name}”`, await addLeadListLeadsIn(tx, actor, list, input.leads, source, sourceDetail), input.leads.length));
}
