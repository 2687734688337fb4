"use client";
// The leads behind a number of the analytics: the campaign leads the figure counted, newest first
// contact first, each linking to its page in the campaign.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { LeadStatusBadge } from "@/components/campaigns/status-badges";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import { COUNT_DEFINITIONS } from "@/server/schemas/analytics-figures";
import type { TAnalyticsLead } from "@/server/schemas/analytics";
import { ZCampaignLeadStatus } from "@/server/schemas/campaign";
import { formatPeriod } from "./analytics-format";
import { analyticsHref, leadsQuery, leadsViewFromParams, type LeadsView } from "./analytics-params";

const PAGE_SIZE = 50;
const INTEREST: Record<string, string> = { interested: "Interested", not_interested: "Not interested", neutral: "Neutral" };

function LeadRow({ lead }: { lead: TAnalyticsLead }) {
  const status = ZCampaignLeadStatus.safeParse(lead.status);
  return (
    <tr data-testid="analytics-lead" className="align-top">
      <td className="px-4 py-2.5">
        <Link href={`/campaigns/${lead.campaignId}/leads/${lead.leadId}`} className="font-medium break-words text-brand-700 hover:underline">
          {lead.name}
        </Link>
        {lead.company && <span className="block text-xs break-words text-slate-500">{lead.company}</span>}
      </td>
      <td className="px-4 py-2.5 break-words text-slate-700">
        <Link href={`/campaigns/${lead.campaignId}`} className="hover:underline">
          {lead.campaignName}
        </Link>
      </td>
      <td className="px-4 py-2.5">
        {status.success ? <LeadStatusBadge status={status.data} /> : <span className="text-slate-600">{lead.status}</span>}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-slate-700">{formatDateTime(lead.contactedAt)}</td>
      <td className="px-4 py-2.5 whitespace-nowrap text-slate-700">{lead.repliedAt ? formatDateTime(lead.repliedAt) : <span className="text-slate-400">—</span>}</td>
      <td className="px-4 py-2.5 text-slate-700">
        {lead.interest ? INTEREST[lead.interest] ?? lead.interest : <span className="text-slate-400">—</span>}
        {lead.outcome && <span className="block text-xs font-medium text-violet-700">{lead.outcome}</span>}
      </td>
    </tr>
  );
}

function LeadsTable({ leadsView }: { leadsView: LeadsView }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const leads = useQuery({ ...trpc.analytics.leads.queryOptions(leadsQuery(leadsView, { limit: PAGE_SIZE, offset })), placeholderData: keepPreviousData });
  if (leads.isPending) return <p className="text-sm text-slate-500" role="status">Loading the leads…</p>;
  if (leads.isError) return <Alert tone="error">The leads could not be loaded: {errorMessage(leads.error)}</Alert>;
  const { data, paging } = leads.data;
  if (!paging.total) return <EmptyState title="No leads behind this number">The figures may have moved since: a lead counts on the day it was first contacted.</EmptyState>;
  return (
    <div className="rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <p className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600" data-testid="analytics-leads-total">
        {plural(paging.total, "lead")}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm" aria-label="Leads behind the number" aria-busy={leads.isFetching}>
          <thead className="bg-slate-50 text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">Lead</th>
              <th scope="col" className="px-4 py-2 font-medium">Campaign</th>
              <th scope="col" className="px-4 py-2 font-medium">Status</th>
              <th scope="col" className="px-4 py-2 font-medium">First contacted</th>
              <th scope="col" className="px-4 py-2 font-medium">Replied</th>
              <th scope="col" className="px-4 py-2 font-medium">Interest and outcome</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((lead) => (
              <LeadRow key={lead.campaignLeadId} lead={lead} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination offset={offset} limit={PAGE_SIZE} total={paging.total} noun="leads" onChange={setOffset} />
    </div>
  );
}

/** The period of a leads view in words: a preset by its length, a custom period by its days. */
function periodOf(leadsView: LeadsView): string {
  const { view } = leadsView;
  return view.period === "custom" ? formatPeriod(view) : `the last ${view.period.replace("d", "")} days`;
}

export function AnalyticsLeads() {
  const leadsView = leadsViewFromParams(useSearchParams());
  const back = (
    <Link href={leadsView ? analyticsHref(leadsView.view) : "/analytics"} className="text-sm text-slate-500 hover:text-slate-800">
      ← Analytics
    </Link>
  );
  if (!leadsView) {
    return (
      <EmptyState title="This link does not name a figure" action={back}>
        Open the leads behind a number from the Analytics page.
      </EmptyState>
    );
  }
  const figure = COUNT_DEFINITIONS[leadsView.metric];
  return (
    <div className="space-y-4">
      {back}
      <header>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
          {figure.label}
          {leadsView.of ? ` · ${leadsView.of}` : ""}
        </h1>
        <p className="mt-1 text-sm text-slate-500">
          Leads first contacted in {periodOf(leadsView)}
          {leadsView.of || leadsView.view.campaignId || leadsView.view.senderId || leadsView.view.mailboxId ? ", as filtered on the Analytics page" : ""}. {figure.definition}
        </p>
      </header>
      {/* Another figure starts on its first page. */}
      <LeadsTable key={JSON.stringify(leadsQuery(leadsView, { limit: PAGE_SIZE, offset: 0 }))} leadsView={leadsView} />
    </div>
  );
}
