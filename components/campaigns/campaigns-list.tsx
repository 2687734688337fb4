"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useDeferredValue, useState } from "react";
import { GettingStartedChecklist } from "@/components/getting-started/getting-started-checklist";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaignListFilter } from "@/server/schemas/campaign";
import { CampaignRow } from "./campaign-row";
import { NewCampaignDialog } from "./new-campaign-dialog";
import { Pagination } from "../ui/pagination";

const PAGE_SIZE = 25;

/** What the status filter offers: every campaign that is not archived, one status, or the archived ones. */
type Shown = "all" | "active" | "paused" | "draft" | "archived";
const SHOWN: Array<{ value: Shown; label: string }> = [
  { value: "all", label: "All campaigns" },
  { value: "active", label: "Active" },
  { value: "paused", label: "Paused" },
  { value: "draft", label: "Draft" },
  { value: "archived", label: "Archived" },
];

function toFilter(search: string, shown: Shown): TCampaignListFilter {
  const filter: TCampaignListFilter = { archived: shown === "archived" };
  if (search.trim()) filter.search = search.trim();
  if (shown !== "all" && shown !== "archived") filter.status = shown;
  return filter;
}

export function CampaignsList() {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState("");
  const [shown, setShown] = useState<Shown>("all");
  const [actionError, setActionError] = useState<string | null>(null);
  const filter = toFilter(useDeferredValue(search), shown);
  const filtered = Boolean(filter.search) || shown !== "all";
  const campaigns = useQuery({ ...trpc.campaigns.list.queryOptions({ limit: PAGE_SIZE, offset, filter }), placeholderData: keepPreviousData });
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
      <GettingStartedChecklist />
      <div role="search" aria-label="Campaigns" className="mb-4 flex flex-wrap gap-3">
        <label className="min-w-0 flex-[1_1_14rem]">
          <span className="sr-only">Search campaigns by name</span>
          <Input
            type="search"
            placeholder="Search by name"
            value={search}
            maxLength={120}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Show
          <Select
            value={shown}
            className="w-auto"
            onChange={(event) => {
              setShown(event.target.value as Shown);
              setOffset(0);
            }}
          >
            {SHOWN.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {actionError && (
        <div className="mb-4">
          <Alert tone="error">{actionError}</Alert>
        </div>
      )}
      {campaigns.isPending ? (
        <p className="text-sm text-slate-500">Loading campaigns…</p>
      ) : campaigns.isError ? (
        <Alert tone="error">Campaigns could not be loaded: {errorMessage(campaigns.error)}</Alert>
      ) : !campaigns.data.total && filtered ? (
        <EmptyState
          title={shown === "archived" && !filter.search ? "No archived campaigns" : "No campaigns match"}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setSearch("");
                setShown("all");
                setOffset(0);
              }}
            >
              Show all campaigns
            </Button>
          }
        >
          {shown === "archived" ? "Archived campaigns appear here; archive one from the list to tidy it away." : "Try another name or status."}
        </EmptyState>
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
                <th
                  scope="col"
                  className="px-3 py-2.5 text-right font-medium whitespace-nowrap"
                  title="LinkedIn: invited / accepted / messaged. E-mail: sent / opened / clicked / bounced"
                >
                  Funnel
                </th>
                <th scope="col" className="py-2.5 pr-5 pl-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {campaigns.data.campaigns.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} archived={shown === "archived"} onError={setActionError} />
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
