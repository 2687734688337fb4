"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/components/ui/format";
import type { TCampaign, TCampaignLead } from "@/server/schemas/campaign";
import { LeadActions } from "./lead-actions";
import { dueLeadNote } from "../campaigns/send-wording";
import { nameOfStep, readSteps, stepNames, type OutlineStep } from "../campaigns/sequence-outline";
import { LeadStatusBadge } from "../campaigns/status-badges";
import { useNow } from "@/components/ui/use-now";
import { When } from "../ui/when";
import { VerificationBadge } from "../verification/verification-badge";
import { useAddressVerifications } from "../verification/use-address-verifications";

export function leadName(lead: Pick<TCampaignLead, "firstName" | "lastName" | "publicIdentifier" | "email">): string {
  return [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.publicIdentifier || lead.email || "Unnamed lead";
}

const RESTING: ReadonlySet<TCampaignLead["status"]> = new Set(["done", "failed", "replied", "stopped"]);

function Variants({ lead, steps, names }: { lead: TCampaignLead; steps: Map<string, OutlineStep>; names: ReadonlyMap<string, string> }) {
  const entries = Object.entries(lead.variantIds);
  if (!entries.length) return <span className="text-slate-400">—</span>;
  return (
    <ul className="flex flex-col items-start gap-1">
      {entries.map(([stepId, variantId]) => {
        const step = steps.get(stepId);
        const index = step?.variantIds.indexOf(variantId) ?? -1;
        const letter = index >= 0 ? String.fromCharCode(65 + index) : "?";
        const stepName = nameOfStep(names, stepId, step?.type);
        const title = `Variant ${letter} of ${stepName}`;
        return (
          <li key={stepId} title={title} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700">
            <span className="text-slate-500">{stepName}:</span> <span className="font-semibold">{letter}</span>
            {variantId.toUpperCase() !== letter && <span className="ml-1 font-mono text-[11px] text-slate-500">{variantId}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** When the lead's next step is due, or, once due, what it waits for ("Next send window opens Tue 09:00 (Europe/Paris)"). */
function NextDue({ lead, note, now }: { lead: TCampaignLead; note: string | null; now: number }) {
  if (!note) return <When iso={lead.waitUntil} now={now} phoneCompact />;
  if (note === "Due now") return <span className="whitespace-nowrap text-slate-800">Due now</span>;
  return (
    <span data-testid="lead-waiting" title={note} className="block truncate text-xs text-amber-800 md:max-w-56 md:whitespace-normal">
      {note}
    </span>
  );
}

/** A cell that is a table cell from md up; on a phone a part of the row's two-line grid. */
const cell = "block min-w-0 md:table-cell md:px-3 md:py-3";
/** A cell a phone leaves out: the lead's page shows it (and the actions). */
const wideOnly = "hidden md:table-cell md:px-3 md:py-3";

/**
 * The leads of one page, with their progress and per-lead actions. On a phone each row folds into
 * two lines (name and status; current step and when the next is due) instead of scrolling sideways.
 */
export function LeadsTable({
  campaign,
  leads,
  senderNames,
  mailboxNames,
}: {
  campaign: TCampaign;
  leads: TCampaignLead[];
  senderNames: Map<string, string>;
  /** Names of the workspace's mailboxes, for leads an e-mail step is sent to. */
  mailboxNames: Map<string, string>;
}) {
  const [actionError, setActionError] = useState<string | null>(null);
  const now = useNow(30_000);
  const trpc = useTRPC();
  const { steps, names } = useMemo(() => {
    const read = readSteps(campaign.sequence.steps);
    return { steps: new Map(read.map((step) => [step.id, step])), names: stepNames(read) };
  }, [campaign.sequence.steps]);
  // Why due leads may not move now (schedule, caps, pauses); refreshed as the minutes pass.
  const sendState = useQuery({ ...trpc.campaigns.sendState.queryOptions({ id: campaign.id }), refetchInterval: 60_000 });
  // The page's addresses' verifications, in one request (a job running may add some: refreshed).
  const verifications = useAddressVerifications(leads.map((lead) => lead.email), campaign.verification.targetsCompanies, 15_000);
  return (
    <>
      {actionError && (
        <div className="border-b border-slate-200 px-5 py-3">
          <Alert tone="error">{actionError}</Alert>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="block w-full text-left text-sm md:table">
          <caption className="sr-only">Leads of {campaign.name} with their progress</caption>
          <thead className="hidden border-b border-slate-200 text-xs text-slate-500 uppercase md:table-header-group">
            <tr>
              <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">Lead</th>
              <th scope="col" className="px-3 py-2.5 font-medium">Status</th>
              <th scope="col" className="px-3 py-2.5 font-medium">Current step</th>
              <th scope="col" className="px-3 py-2.5 font-medium">Next step due</th>
              <th scope="col" className="px-3 py-2.5 font-medium">Sender</th>
              <th scope="col" className="px-3 py-2.5 font-medium">Variants</th>
              <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-100 md:table-row-group">
            {leads.map((lead) => {
              const name = leadName(lead);
              const step = lead.currentStepId ? steps.get(lead.currentStepId) : undefined;
              return (
                <tr key={lead.id} data-testid="lead-row" className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 px-4 py-2 md:table-row md:p-0 md:align-top">
                  <td className="block min-w-0 truncate md:table-cell md:max-w-64 md:py-3 md:pr-3 md:pl-5 md:whitespace-normal">
                    <Link href={`/campaigns/${campaign.id}/leads/${lead.leadId}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      <span data-testid="lead-name">{name}</span>
                    </Link>
                    {(lead.headline || lead.company) && <p className="hidden truncate text-xs text-slate-500 md:block">{lead.headline || lead.company}</p>}
                    {lead.email && <p className="hidden truncate text-xs text-slate-500 md:block">{lead.email}</p>}
                    {lead.email && verifications.loaded && (
                      <div className="mt-0.5">
                        <VerificationBadge verification={verifications.of(lead.email)} />
                      </div>
                    )}
                  </td>
                  <td className={`${cell} justify-self-end md:max-w-56`}>
                    <LeadStatusBadge status={lead.status} />
                    {lead.heldBy && (
                      <p className="mt-1 hidden text-xs text-amber-800 md:block">
                        Waiting for{" "}
                        <Link href={`/campaigns/${lead.heldBy.campaignId}`} className="underline">
                          {lead.heldBy.campaignName}
                        </Link>
                        {lead.heldBy.senderName ? ` (${lead.heldBy.senderName})` : ""}
                      </p>
                    )}
                    {lead.error && (
                      // A paused lead's reason (a lead held for a missing value) is a to-do, not a failure; on a phone the lead's own page shows it.
                      <p className={`mt-1 line-clamp-3 hidden text-xs md:block ${lead.status === "paused" ? "text-amber-800" : "text-red-700"}`} title={lead.error} data-testid="lead-error">
                        {lead.error}
                      </p>
                    )}
                  </td>
                  <td className={`${cell} truncate text-xs md:text-sm md:whitespace-normal`}>
                    {lead.currentStepId ? (
                      <span className="whitespace-nowrap text-slate-800">{nameOfStep(names, lead.currentStepId, step?.type)}</span>
                    ) : (
                      <span className="text-slate-500" title={lead.finishedAt ? `Finished ${formatDateTime(lead.finishedAt)}` : undefined}>
                        {RESTING.has(lead.status) ? "Finished" : "—"}
                      </span>
                    )}
                  </td>
                  <td className={`${cell} max-w-[50vw] justify-self-end text-right text-xs md:max-w-none md:text-left md:text-sm`}>
                    {RESTING.has(lead.status) ? (
                      <span className="text-slate-400">—</span>
                    ) : lead.status === "paused" ? (
                      <span className="whitespace-nowrap text-slate-500">When resumed</span>
                    ) : (
                      <NextDue lead={lead} note={dueLeadNote({ ...lead, currentStepType: step?.type ?? null }, sendState.data, now)} now={now} />
                    )}
                  </td>
                  <td className={wideOnly}>
                    {lead.linkedinAccountId ? (
                      <span className="block text-slate-800">{senderNames.get(lead.linkedinAccountId) ?? lead.linkedinAccountId}</span>
                    ) : (
                      !lead.emailAccountId && <span className="text-slate-400">Not assigned</span>
                    )}
                    {lead.emailAccountId && (
                      <span className="block max-w-56 truncate text-xs text-slate-500" data-testid="lead-mailbox" title="The mailbox its e-mails come from">
                        <span className="sr-only">Mailbox: </span>
                        <span aria-hidden="true">✉ </span>
                        {mailboxNames.get(lead.emailAccountId) ?? lead.emailAccountId}
                      </span>
                    )}
                  </td>
                  <td className={wideOnly}>
                    <Variants lead={lead} steps={steps} names={names} />
                  </td>
                  <td className="hidden py-3 pr-5 pl-3 md:table-cell">
                    <LeadActions lead={lead} name={name} onError={setActionError} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
