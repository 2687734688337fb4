"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { mailboxName } from "@/components/mailboxes/mailbox-display";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import { senderName } from "@/components/senders/sender-display";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { useIsApprover } from "@/components/shell/workspace-role";
import { useTRPC } from "@/components/trpc/client";
import { Input, Select } from "@/components/ui/field";
import { PICKER_PAGE } from "@/components/ui/every-page";
import { isFiltered, NO_FILTERS, type ChannelFilter, type InboxFilters, type InterestFilter } from "./inbox-filters-state";

const CHANNEL_TABS: Array<{ value: ChannelFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "email", label: "E-mail" },
];

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-slate-700">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 rounded border-slate-300 text-brand-600" />
      {label}
    </label>
  );
}

/** The accounts to pick from: every sender and mailbox of the workspace, by name, with the channel each one implies. */
function useAccounts(enabled: boolean) {
  const senders = useAllSenders({ enabled });
  const mailboxes = useMailboxes({ enabled });
  return {
    senders: (senders.data?.senders ?? []).map((sender) => ({ id: sender.id, name: senderName(sender) })),
    mailboxes: (mailboxes.data ?? []).map((mailbox) => ({ id: mailbox.id, name: mailboxName(mailbox) })),
  };
}

/** The Inbox's filters: channel, account, campaign, interest, unread and replied only, and a search by name or address. */
export function InboxFiltersBar({ filters, onChange }: { filters: InboxFilters; onChange: (next: InboxFilters) => void }) {
  const trpc = useTRPC();
  const id = useId();
  // Senders, mailboxes and campaigns are closed to approvers: they filter without those pickers.
  const pickers = !useIsApprover();
  const accounts = useAccounts(pickers);
  const campaigns = useQuery({ ...trpc.campaigns.list.queryOptions({ limit: PICKER_PAGE, offset: 0 }), enabled: pickers });
  const [search, setSearch] = useState(filters.search);
  // A search changed from outside (clearing the filters, going back) replaces what is typed.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    setSearch(filters.search);
  }
  // The search goes into the address a moment after typing stops, not on every key.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), 300);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);
  const set = (changes: Partial<InboxFilters>) => onChange({ ...filters, ...changes });
  const small = "py-1.5 pr-7 pl-2 text-xs";
  return (
    <div className="space-y-2" role="search" aria-label="Filter conversations">
      <Input
        type="search"
        aria-label="Search by name or address"
        placeholder="Search by name or address"
        value={search}
        maxLength={200}
        onChange={(event) => setSearch(event.target.value)}
        className="py-1.5"
      />
      <div className="flex items-center gap-2">
        <div role="group" aria-label="Channel" className="inline-flex shrink-0 rounded-md bg-slate-100 p-0.5">
          {CHANNEL_TABS.map((tab) => (
            <button
              key={tab.value}
              type="button"
              aria-pressed={filters.channel === tab.value}
              onClick={() => set({ channel: tab.value })}
              className={`rounded px-2.5 py-1 text-xs font-medium ${filters.channel === tab.value ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900"}`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <label htmlFor={`${id}-interest`} className="sr-only">
          Interest
        </label>
        <Select id={`${id}-interest`} value={filters.interest} onChange={(event) => set({ interest: event.target.value as InterestFilter })} className={`min-w-0 flex-1 ${small}`}>
          <option value="all">Any interest</option>
          <option value="interested">Interested</option>
          <option value="not_interested">Not interested</option>
          <option value="neutral">Neutral</option>
          <option value="unknown">Not known yet</option>
        </Select>
      </div>
      {pickers && (
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-account`} className="sr-only">
              Sender or mailbox
            </label>
            <Select id={`${id}-account`} value={filters.accountId} onChange={(event) => set({ accountId: event.target.value })} className={small}>
              <option value="">All accounts</option>
              {accounts.senders.length > 0 && (
                <optgroup label="Senders (LinkedIn)">
                  {accounts.senders.map((sender) => (
                    <option key={sender.id} value={sender.id}>
                      {sender.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {accounts.mailboxes.length > 0 && (
                <optgroup label="Mailboxes (e-mail)">
                  {accounts.mailboxes.map((mailbox) => (
                    <option key={mailbox.id} value={mailbox.id}>
                      {mailbox.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          </div>
          <div>
            <label htmlFor={`${id}-campaign`} className="sr-only">
              Campaign
            </label>
            <Select id={`${id}-campaign`} value={filters.campaignId} onChange={(event) => set({ campaignId: event.target.value })} className={small}>
              <option value="">All campaigns</option>
              {(campaigns.data?.campaigns ?? []).map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))}
            </Select>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Toggle label="Unread only" checked={filters.unread} onChange={(unread) => set({ unread })} />
        <Toggle label="Replied only" checked={filters.replied} onChange={(replied) => set({ replied })} />
        {isFiltered(filters) && (
          <button type="button" className="ml-auto text-xs font-medium text-brand-700 hover:underline" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
