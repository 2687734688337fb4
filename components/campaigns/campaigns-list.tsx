"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { NewCampaignDialog } from "./new-campaign-dialog";
import { Pagination } from "./pagination";
import { ProgressStrip } from "./progress-strip";
import { CampaignStatusBadge } from "./status-badges";

const PAGE_SIZE = 25;

function Stat({ value, label, tone = "text-slate-900" }: { value: number; label: string; tone?: string }) {
  return (
    <td className="px-3 py-3 text-right tabular-nums">
      <span className={value ? tone : "text-slate-400"}>{value}</span>
      <span className="sr-only"> {label}</span>
    </td>
  );
}

function CampaignRow({ campaign }: { campaign: TCampaign }) {
  const { stats } = campaign;
  return (
    <tr data-testid="campaign-row" className="align-top hover:bg-slate-50">
      <td className="max-w-xs py-3 pr-3 pl-5">
        <Link href={`/campaigns/${campaign.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {campaign.name}
        </Link>
        <p className="mt-0.5 text-xs text-slate-500" title={formatDateTime(campaign.createdAt)}>
          Created {formatRelative(campaign.createdAt)} · {campaign.linkedinAccountIds.length} sender{campaign.linkedinAccountIds.length === 1 ? "" : "s"}
        </p>
        <ProgressStrip stats={stats} className="mt-2 max-w-56" />
      </td>
      <td className="px-3 py-3">
        <CampaignStatusBadge status={campaign.status} />
      </td>
      <Stat value={stats.total} label="leads" />
      <Stat value={stats.running} label="running" tone="text-brand-700" />
      <Stat value={stats.replied} label="replied" tone="font-medium text-emerald-700" />
      <Stat value={stats.done} label="done" />
      <Stat value={stats.failed} label="failed" tone="text-red-700" />
      <td className="py-3 pr-5 pl-3 text-right text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {stats.invited} <span className="text-slate-400">/</span> {stats.accepted} <span className="text-slate-400">/</span> {stats.messaged}
        <span className="sr-only"> invited, accepted, messaged</span>
      </td>
    </tr>
  );
}

export function CampaignsList() {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const campaigns = useQuery({ ...trpc.campaigns.list.queryOptions({ limit: PAGE_SIZE, offset }), placeholderData: keepPreviousData });
  const newButton = <Button onClick={() => setCreating(true)}>New campaign</Button>;
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Sequences of LinkedIn steps that leads move through, sent by a pool of senders on a schedule."
        actions={
          <>
            <Link
              href="/campaigns/lists"
              className="inline-flex items-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Lead lists
            </Link>
            {newButton}
          </>
        }
      />
      {campaigns.isPending ? (
        <p className="text-sm text-slate-500">Loading campaigns…</p>
      ) : campaigns.isError ? (
        <Alert tone="error">Campaigns could not be loaded: {errorMessage(campaigns.error)}</Alert>
      ) : !campaigns.data.total ? (
        <EmptyState title="No campaigns yet" action={newButton}>
          A campaign sends a sequence of steps (profile visits, connection requests, messages) to its leads from a pool of senders, within a
          schedule. Create one, then add senders, a sequence and leads.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Campaigns with their lead counts</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">Campaign</th>
                <th scope="col" className="px-3 py-2.5 font-medium">Status</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Leads</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Running</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Replied</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Done</th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">Failed</th>
                <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-medium" title="Invited / accepted / messaged">
                  Inv. / Acc. / Msg.
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {campaigns.data.campaigns.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} />
              ))}
            </tbody>
          </table>
          <Pagination offset={offset} limit={PAGE_SIZE} total={campaigns.data.total} noun="campaigns" onChange={setOffset} />
        </div>
      )}
      {creating && <NewCampaignDialog onClose={() => setCreating(false)} />}
    </>
  );
}
