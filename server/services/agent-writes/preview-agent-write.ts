// What a held agent's write would do, from the write's own dry run, in a few words for its summary:
// adding leads gives the add's counts ("9 new, 2 duplicates, 1 on the do-not-contact list"), a
// campaign change its forecast before and after in one line. The dry runs store nothing (adding
// leads runs in a transaction that is rolled back; a campaign change is forecast in memory). The
// preview is a courtesy: when there is none for the operation, or the dry run fails, the answer is
// null and the held write keeps its plain summary — a held write is never refused for its preview.
import type { Actor } from "../../lib/actor";
import type { TUpdateCampaignInput } from "../../schemas/campaign";
import type { TAddLeadsDryRun, TCampaignChangeDryRun } from "../../schemas/dry-runs";
import type { TLeadsInput } from "../../schemas/lead";
import { dryRunAddCampaignLeads } from "../campaigns/dry-run-add-campaign-leads";
import { dryRunCampaignChange } from "../campaigns/dry-run-campaign-change";
import { dryRunAddLeadListLeads } from "../lead-lists/dry-run-add-lead-list-leads";

export interface AgentWritePreviewInput {
  actor: Actor;
  operationId: string;
  params: Record<string, string>;
  /** The body as the operation's schema parsed it (never the raw JSON). */
  body: unknown;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

/** "9 new, 2 duplicates, 1 excluded, 1 on the do-not-contact list": every lead sent, counted once. */
export function addCountsInWords(dry: Pick<TAddLeadsDryRun, "wouldAdd" | "duplicates" | "alreadyIn" | "excluded" | "doNotContact">): string {
  const duplicates = dry.duplicates + dry.alreadyIn;
  return [
    `${(dry.wouldAdd - dry.doNotContact).toLocaleString("en")} new`,
    duplicates ? plural(duplicates, "duplicate") : null,
    dry.excluded ? `${dry.excluded.toLocaleString("en")} excluded by the campaign's rules` : null,
    dry.doNotContact ? `${dry.doNotContact.toLocaleString("en")} on the do-not-contact list` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(", ");
}

function finish(value: string | null): string {
  return value ? `finishing ${value.slice(0, 10)}` : "not finished within the forecast";
}

/** "40 of 40 leads reached in 30 days, finishing 2026-12-05 → 40 of 40, finishing 2026-12-09; senders 1 → 2". */
export function changeInWords(dry: Pick<TCampaignChangeDryRun, "before" | "after" | "horizonDays">): string {
  const { before, after } = dry;
  const senders = before.senders.length === after.senders.length ? "" : `; senders ${before.senders.length} → ${after.senders.length}`;
  return (
    `${before.leadsReached} of ${plural(before.leads, "lead")} reached in ${dry.horizonDays} days, ${finish(before.finishAt)} → ` +
    `${after.leadsReached} of ${after.leads}, ${finish(after.finishAt)}${senders}`
  );
}

/** The dry run's words for the write, or null when it has none or the dry run fails. */
export async function previewAgentWrite(input: AgentWritePreviewInput): Promise<string | null> {
  const { actor, operationId, params, body } = input;
  const id = params.id;
  if (!id || body === undefined) return null;
  try {
    if (operationId === "addCampaignLeads") return addCountsInWords(await dryRunAddCampaignLeads(actor, id, body as TLeadsInput));
    if (operationId === "addLeadListLeads") return addCountsInWords(await dryRunAddLeadListLeads(actor, id, body as TLeadsInput));
    // Pausing or starting alone: the forecast assumes an active campaign before and after, so it
    // would say nothing the verb does not.
    const onlyStatus = typeof body === "object" && body !== null && Object.keys(body).every((field) => field === "status");
    if (operationId === "updateCampaign" && !onlyStatus) return changeInWords(await dryRunCampaignChange(actor, id, body as TUpdateCampaignInput));
  } catch {
    // The write is held all the same; the approver sees the plain summary and the input.
  }
  return null;
}
