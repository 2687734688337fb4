// What the dry runs of adding leads share (dry-run-add-campaign-leads.ts, lead-lists/
// dry-run-add-lead-list-leads.ts): the add's own work (addCampaignLeadsIn, addLeadListLeadsIn) runs in
// a transaction that is then rolled back, so the counts are exactly what the add would do at this
// moment (new people, duplicates, already there, excluded by the campaign's rules), and nothing is
// stored. The do-not-contact list does not stop an add (it stops the contact): the dry run counts
// which of the added people it would refuse, with the same lookup as the executor and the forecast.
import { db, type Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TAddLeadsDryRun } from "../../schemas/dry-runs";
import type { TSkippedLead } from "../../schemas/lead";
import { findListedPeople } from "../do-not-contact/find-listed-people";
import type { ResolvedLeadInput } from "../leads/resolve-lead-inputs";

class RolledBack<T> extends Error {
  constructor(readonly outcome: T) {
    super("Dry run: rolled back");
  }
}

export const DRY_RUN_TIMEOUT_MS = 15_000;

/** Runs `work` in a transaction and rolls it back, answering what it answered. */
export async function rolledBack<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  try {
    await db.$transaction(
      async (tx) => {
        throw new RolledBack(await work(tx));
      },
      // A dry run answers an agent waiting on it: a preview that takes longer is refused, not awaited.
      { timeout: DRY_RUN_TIMEOUT_MS },
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome as T;
    throw error;
  }
  throw new Error("A dry run's transaction was committed");
}

export interface AddOutcome {
  resolved: ResolvedLeadInput[];
  result: { added: number; leadIds: string[]; skipped: TSkippedLead[] };
}

export async function summarizeAddDryRun(tx: Prisma.TransactionClient, actor: Actor, target: string, outcome: AddOutcome, submitted: number): Promise<TAddLeadsDryRun> {
  const { resolved, result } = outcome;
  const adding = new Set(result.leadIds);
  const people = resolved.flatMap((entry) => ("lead" in entry && adding.has(entry.lead.id) ? [entry.lead] : []));
  const listed = await findListedPeople(actor.workspaceId, people, tx);
  const count = (reasons: TSkippedLead["reason"][]) => result.skipped.filter((skip) => reasons.includes(skip.reason)).length;
  const newLeads = resolved.filter((entry) => "lead" in entry && entry.created).length;
  const existingLeads = resolved.filter((entry) => "lead" in entry && !entry.created).length;
  const counts = {
    submitted,
    wouldAdd: result.added,
    newLeads,
    existingLeads,
    duplicates: count(["duplicate"]),
    alreadyIn: count(["already-in-campaign", "already-in-list"]),
    excluded: count(["excluded-list", "contacted-by-other-sender"]),
    doNotContact: listed.size,
  };
  const summary =
    `Dry run of adding ${submitted} lead${submitted === 1 ? "" : "s"} to ${target}; nothing was stored. ` +
    `It would add ${counts.wouldAdd} (${newLeads} new to the workspace, ${existingLeads} already in it)` +
    `; ${counts.duplicates} named twice in the request, ${counts.alreadyIn} already there and ${counts.excluded} excluded by the campaign's rules would be skipped` +
    `; ${counts.doNotContact} of those added ${counts.doNotContact === 1 ? "is" : "are"} on the do-not-contact list and would never be contacted.`;
  return { dryRun: true, stored: false, summary, ...counts, skipped: result.skipped };
}

