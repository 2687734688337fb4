"use client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { mailboxName } from "@/components/mailboxes/mailbox-display";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import { senderName } from "@/components/senders/sender-display";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { useTRPC } from "@/components/trpc/client";
import { PICKER_PAGE } from "@/components/ui/every-page";
import { Select } from "@/components/ui/field";
import type { AnalyticsView } from "./analytics-params";

interface Choice {
  id: string;
  name: string;
}

function FilterSelect({ label, all, value, choices, onChange }: { label: string; all: string; value: string; choices: Choice[]; onChange: (value: string) => void }) {
  const id = useId();
  // A link may name one the list does not hold (an archived campaign, a removed mailbox): it stays chosen.
  const unknown = value && !choices.some((choice) => choice.id === value);
  return (
    <label htmlFor={id} className="flex min-w-0 flex-[1_1_12rem] flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {unknown && <option value={value}>The one in this link</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
    </label>
  );
}

/** Narrow the figures to one campaign, sender or mailbox. */
export function AnalyticsFilters({ view, onChange }: { view: AnalyticsView; onChange: (changes: Partial<AnalyticsView>) => void }) {
  const trpc = useTRPC();
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ limit: PICKER_PAGE, offset: 0 }));
  const senders = useAllSenders();
  const mailboxes = useMailboxes();
  return (
    <div role="search" aria-label="Filter the figures" className="flex flex-wrap gap-3">
      <FilterSelect
        label="Campaign"
        all="All campaigns"
        value={view.campaignId}
        choices={(campaigns.data?.campaigns ?? []).map((campaign) => ({ id: campaign.id, name: campaign.name }))}
        onChange={(campaignId) => onChange({ campaignId, ...(!campaignId && (view.by === "step" || view.by === "variant") ? { by: "campaign" } : {}) })}
      />
      <FilterSelect
        label="Sender"
        all="All senders"
        value={view.senderId}
        choices={(senders.data?.senders ?? []).map((sender) => ({ id: sender.id, name: senderName(sender) }))}
        onChange={(senderId) => onChange({ senderId })}
      />
      <FilterSelect
        label="Mailbox"
        all="All mailboxes"
        value={view.mailboxId}
        choices={(mailboxes.data ?? []).map((mailbox) => ({ id: mailbox.id, name: mailboxName(mailbox) }))}
        onChange={(mailboxId) => onChange({ mailboxId })}
      />
    </div>
  );
}
