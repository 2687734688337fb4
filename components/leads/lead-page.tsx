"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { LeadActions } from "@/components/leads/lead-actions";
import { leadName } from "@/components/leads/leads-table";
import { LeadStatusBadge } from "@/components/campaigns/status-badges";
import { LeadListingNotice } from "@/components/do-not-contact/lead-listing-notice";
import { When } from "@/components/ui/when";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import { useNow } from "@/components/ui/use-now";
import type { TLeadTimeline } from "@/server/schemas/lead-timeline";
import { LeadPrivacyActions } from "./lead-privacy-actions";
import { LeadProfileCard } from "./lead-profile-card";
import { LeadTimelineList } from "./lead-timeline-list";
import { OutcomeSelect, useOutcomeNames } from "./outcome-select";

const INTEREST: Record<string, string> = { interested: "Interested", not_interested: "Not interested", neutral: "Neutral" };

function Avatar({ picture, name }: { picture: string | null; name: string }) {
  if (picture) {
    // Provider pictures come from any host; next/image would need each one configured.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={picture} alt="" className="size-14 shrink-0 rounded-full object-cover ring-1 ring-slate-200" />;
  }
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase()).join("");
  return <span aria-hidden className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-semibold text-brand-700">{initials || "?"}</span>;
}

/** The outcome marked on the lead (e.g. "Meeting booked"), counted in the analytics. */
function LeadOutcome({ lead }: { lead: TLeadTimeline["campaignLead"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const names = useOutcomeNames();
  const mark = useMutation(
    trpc.campaigns.setLeadOutcome.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.leads.timeline.queryKey({ campaignId: lead.campaignId, leadId: lead.leadId }) }),
    }),
  );
  return (
    <div className="max-w-56 space-y-1">
      <OutcomeSelect labelHidden value={lead.outcome} names={names} disabled={mark.isPending || !names.length} onChange={(outcome) => mark.mutate({ id: lead.campaignId, leadId: lead.leadId, outcome })} />
      {mark.error && <p className="text-xs text-red-600" role="alert">The outcome was not saved: {errorMessage(mark.error)}</p>}
    </div>
  );
}

function StandingCard({ timeline, now }: { timeline: TLeadTimeline; now: number }) {
  const lead = timeline.campaignLead;
  const moving = lead.status === "pending" || lead.status === "running";
  return (
    <Card title="Where it stands">
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-slate-500">Status</dt>
        <dd>
          <LeadStatusBadge status={lead.status} />
          {lead.error && <p className="mt-1 text-xs break-words text-red-700">{lead.error}</p>}
        </dd>
        <dt className="text-slate-500">Current step</dt>
        <dd className="text-slate-900" data-testid="lead-current-step">
          {timeline.currentStep?.label ?? <span className="text-slate-500">{moving ? "—" : "Finished"}</span>}
        </dd>
        <dt className="text-slate-500">Next step due</dt>
        <dd>{moving ? <When iso={lead.waitUntil} now={now} empty="Due now" past="Due now" /> : <span className="text-slate-500">{lead.status === "paused" ? "When resumed" : "—"}</span>}</dd>
        <dt className="text-slate-500">Sender</dt>
        <dd className="text-slate-900">{timeline.senderName ?? <span className="text-slate-500">Not assigned yet</span>}</dd>
        {timeline.mailboxName && (
          <>
            <dt className="text-slate-500">Mailbox</dt>
            <dd className="text-slate-900">{timeline.mailboxName}</dd>
          </>
        )}
        <dt className="text-slate-500">Interest</dt>
        <dd className="text-slate-900">
          {lead.interest ? `${INTEREST[lead.interest] ?? lead.interest}${lead.interestBy ? ` (by ${lead.interestBy === "ai" ? "the reply classifier" : lead.interestBy})` : ""}` : <span className="text-slate-500">Not known yet</span>}
        </dd>
        <dt className="text-slate-500">Outcome</dt>
        <dd>
          <LeadOutcome lead={lead} />
        </dd>
      </dl>
    </Card>
  );
}

/** One lead of a campaign: profile, where it stands, replies, and everything that happened to it. */
export function LeadPage({ campaignId, leadId }: { campaignId: string; leadId: string }) {
  const trpc = useTRPC();
  const now = useNow(30_000);
  const [actionError, setActionError] = useState<string | null>(null);
  const query = useQuery({ ...trpc.leads.timeline.queryOptions({ campaignId, leadId }), refetchInterval: 30_000 });
  const back = (
    <Link href={`/campaigns/${campaignId}`} className="text-sm text-slate-500 hover:text-slate-800">
      ← {query.data?.campaign.name ?? "Campaign"}
    </Link>
  );
  if (query.isPending) return <p className="text-sm text-slate-500">Loading the lead…</p>;
  if (query.isError) {
    if (query.error.data?.code === "NOT_FOUND") {
      return (
        <EmptyState title="This lead is not in this campaign" action={back}>
          It may have been removed, or it belongs to another workspace.
        </EmptyState>
      );
    }
    return <Alert tone="error">The lead could not be loaded: {errorMessage(query.error)}</Alert>;
  }
  const timeline = query.data;
  const lead = timeline.campaignLead;
  const name = leadName(lead);
  const replies = timeline.events.filter((event) => event.kind === "reply");
  const quiet = timeline.events.length <= 1;
  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start gap-4">
        <Avatar picture={lead.picture} name={name} />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold break-words text-slate-900" data-testid="lead-page-name">
            {name}
          </h1>
          {lead.headline && <p className="text-sm break-words text-slate-600">{lead.headline}</p>}
          <p className="mt-1 text-sm text-slate-500">
            In{" "}
            <Link href={`/campaigns/${timeline.campaign.id}`} className="text-brand-700 hover:underline">
              {timeline.campaign.name}
            </Link>
          </p>
        </div>
        <LeadActions lead={lead} name={name} onError={setActionError} />
      </header>
      {actionError && <Alert tone="error">{actionError}</Alert>}
      <LeadListingNotice leadId={lead.leadId} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <StandingCard timeline={timeline} now={now} />
        <LeadProfileCard timeline={timeline} />
      </div>
      <Card title="Replies">
        {replies.length ? (
          <LeadTimelineList events={replies} now={now} />
        ) : (
          <p className="text-sm text-slate-500">No reply yet. Replies on LinkedIn show here with their text as soon as Herald reads them.</p>
        )}
      </Card>
      <Card title="Timeline" description="Every action and event for this lead in this campaign, oldest first.">
        <LeadTimelineList events={timeline.events} now={now} />
        {quiet && (
          <p className="mt-4 text-sm text-slate-500" data-testid="timeline-empty">
            Nothing has happened to this lead yet.{" "}
            {timeline.campaign.status === "active"
              ? "Its first step runs when it is due, inside the campaign's schedule."
              : "Its first step runs once the campaign is activated."}
          </p>
        )}
      </Card>
      <Card title="Personal data" description="What this workspace holds about the person, for their requests to see it or have it erased.">
        <LeadPrivacyActions lead={lead} name={name} campaignId={timeline.campaign.id} />
      </Card>
    </div>
  );
}
