"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { mailboxName } from "@/components/mailboxes/mailbox-display";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import { senderName } from "@/components/senders/sender-display";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { LEAD_VERIFICATION_FILTERS, type TCampaign, type TCampaignLead } from "@/server/schemas/campaign";
import { AddLeadsDialog } from "@/components/leads/add-leads-dialog";
import { CsvImport } from "../lead-imports/csv-import";
import { LeadsTable } from "./leads-table";
import { Pagination } from "../ui/pagination";
import { SearchImportDialog } from "../lead-imports/search-import-dialog";
import { LEAD_STATUS, LEAD_STATUSES } from "../campaigns/status-badges";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { VerifyAddressesButton } from "../verification/verify-addresses-button";
import { VERIFICATION_LABELS } from "../verification/verification-badge";

const PAGE_SIZE = 50;
type StatusFilter = TCampaignLead["status"] | "all";
type VerificationFilter = (typeof LEAD_VERIFICATION_FILTERS)[number] | "all";

/** The Leads tab: status filter, the paged table, and the two ways to import leads. */
export function LeadsPanel({ campaign }: { campaign: TCampaign }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<StatusFilter>("all");
  const [verification, setVerification] = useState<VerificationFilter>("all");
  // The cursor of each page reached (the first has none): Next follows the list's nextCursor, so a
  // page deep into a large campaign costs what the first one does; Previous goes back a step.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const offset = (cursors.length - 1) * PAGE_SIZE;
  const [importing, setImporting] = useState<"csv" | "search" | "add" | null>(null);
  const leads = useQuery({
    ...trpc.campaigns.leads.queryOptions({ id: campaign.id, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}), ...(status === "all" ? {} : { status }), ...(verification === "all" ? {} : { verification }) }),
    placeholderData: keepPreviousData,
    refetchInterval: campaign.status === "active" ? 10_000 : false,
  });
  const senders = useAllSenders();
  const senderNames = useMemo(() => new Map((senders.data?.senders ?? []).map((sender) => [sender.id, senderName(sender)])), [senders.data]);
  const mailboxes = useMailboxes();
  const mailboxNames = useMemo(() => new Map((mailboxes.data ?? []).map((mailbox) => [mailbox.id, mailboxName(mailbox)])), [mailboxes.data]);

  const importButtons = (
    <>
      <Button variant="secondary" onClick={() => setImporting("add")}>
        Add leads
      </Button>
      <Button variant="secondary" onClick={() => setImporting("search")}>
        Import from LinkedIn search
      </Button>
      <Button onClick={() => setImporting("csv")} disabled={importing === "csv"}>
        Import CSV
      </Button>
    </>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="lead-status-filter" className="text-sm font-medium text-slate-700">
            Status
          </label>
          <Select
            id="lead-status-filter"
            value={status}
            className="w-auto"
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setCursors([null]);
            }}
          >
            <option value="all">All leads ({campaign.stats.total})</option>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LEAD_STATUS[value].label} ({campaign.stats[value]})
              </option>
            ))}
          </Select>
          <label htmlFor="lead-verification-filter" className="ml-2 text-sm font-medium text-slate-700">
            Address
          </label>
          <Select
            id="lead-verification-filter"
            value={verification}
            className="w-auto"
            onChange={(event) => {
              setVerification(event.target.value as VerificationFilter);
              setCursors([null]);
            }}
          >
            <option value="all">Any</option>
            {LEAD_VERIFICATION_FILTERS.map((value) => (
              <option key={value} value={value}>
                {VERIFICATION_LABELS[value].label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap gap-2">{importButtons}</div>
      </div>
      {campaign.stats.total > 0 && <VerifyAddressesButton target={{ campaignId: campaign.id }} />}

      {importing === "csv" && <CsvImport campaign={campaign} onClose={() => setImporting(null)} />}
      {importing === "search" && <SearchImportDialog campaign={campaign} onClose={() => setImporting(null)} />}
      {importing === "add" && <AddLeadsDialog target={{ kind: "campaign", id: campaign.id, name: campaign.name }} onClose={() => setImporting(null)} />}

      {leads.isPending ? (
        <p className="text-sm text-slate-500">Loading leads…</p>
      ) : leads.isError ? (
        <Alert tone="error">The leads could not be loaded: {errorMessage(leads.error)}</Alert>
      ) : !leads.data.total && status === "all" && verification === "all" ? (
        importing !== "csv" && (
          <EmptyState title="No leads in this campaign yet" action={<div className="flex flex-wrap justify-center gap-2">{importButtons}</div>}>
            Paste profile URLs or e-mail addresses, import a CSV of LinkedIn profile URLs or e-mail addresses (with names, companies and your own columns for personalisation), or
            import the people of a LinkedIn search.
          </EmptyState>
        )
      ) : (
        <div className="rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
          {leads.data.total ? (
            <LeadsTable campaign={campaign} leads={leads.data.leads} senderNames={senderNames} mailboxNames={mailboxNames} />
          ) : (
            <p className="px-5 py-8 text-center text-sm text-slate-500">
              {status === "all" ? "No leads" : `No ${LEAD_STATUS[status].label.toLowerCase()} leads`}
              {verification === "all"
                ? ""
                : verification === "not-checked"
                  ? " whose address is not checked yet"
                  : ` with ${verification === "invalid" || verification === "unknown" ? "an" : "a"} ${VERIFICATION_LABELS[verification].label.toLowerCase()} address`}
              .
            </p>
          )}
          <Pagination
            offset={offset}
            limit={PAGE_SIZE}
            total={leads.data.total}
            noun="leads"
            hasNext={leads.data.nextCursor !== null && !leads.isPlaceholderData}
            onChange={(next) => {
              if (next < offset) setCursors((previous) => previous.slice(0, -1));
              else if (leads.data.nextCursor) setCursors((previous) => [...previous, leads.data.nextCursor]);
            }}
          />
        </div>
      )}
    </div>
  );
}
