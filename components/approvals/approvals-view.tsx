"use client";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useId, useState } from "react";
import { senderName } from "@/components/senders/sender-display";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { useIsApprover } from "@/components/shell/workspace-role";
import { useTRPC } from "@/components/trpc/client";
import { PICKER_PAGE } from "@/components/ui/every-page";
import { Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs } from "@/components/ui/tabs";
import { AgentWritesQueue } from "./agent-writes-queue";
import { AiLinesQueue } from "./ai-lines-queue";
import { QueuePanel } from "./queue-panel";
import type { ApprovalKind } from "./queue-state";
import { useApprovalCounts, type QueueFilters } from "./use-approvals";

/** The page's queues: the drafts' two kinds, and per-lead AI lines (their own queue, ai-lines-queue.tsx). */
type PageKind = ApprovalKind | "aiLines" | "agentWrites";

const KIND_PARAM: Record<PageKind, string> = { comments: "comments", voiceNotes: "voice-notes", aiLines: "ai-lines", agentWrites: "agent-actions" };

function fromParams(params: URLSearchParams): { kind: PageKind; filters: QueueFilters } {
  const asked = params.get("kind");
  return {
    kind: asked === KIND_PARAM.voiceNotes ? "voiceNotes" : asked === KIND_PARAM.aiLines ? "aiLines" : asked === KIND_PARAM.agentWrites ? "agentWrites" : "comments",
    filters: { campaignId: params.get("campaign") || null, linkedinAccountId: params.get("sender") || null },
  };
}

/** The address of a queue and its filters, so that a reload or a shared link opens the same queue. */
export function approvalsHref(kind: PageKind, filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (kind !== "comments") params.set("kind", KIND_PARAM[kind]);
  if (filters.campaignId) params.set("campaign", filters.campaignId);
  if (filters.linkedinAccountId) params.set("sender", filters.linkedinAccountId);
  const query = params.toString();
  return `/approvals${query ? `?${query}` : ""}`;
}

type Named = ReadonlyMap<string, string>;

/**
 * Campaigns and senders to filter by: the workspace's, for the roles that may list them, and
 * always those the queue's drafts name (an approver sees only these).
 */
function useFilterOptions(seen: { campaigns: Named; senders: Named }) {
  const trpc = useTRPC();
  const mayList = !useIsApprover();
  const campaigns = useQuery({ ...trpc.campaigns.list.queryOptions({ limit: PICKER_PAGE, offset: 0 }), enabled: mayList });
  const senders = useAllSenders({ enabled: mayList });
  const merge = (listed: Array<{ id: string; name: string }>, names: Named) => {
    const all = new Map(names);
    for (const entry of listed) all.set(entry.id, entry.name);
    return [...all].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  };
  return {
    campaigns: merge((campaigns.data?.campaigns ?? []).map((campaign) => ({ id: campaign.id, name: campaign.name })), seen.campaigns),
    senders: merge((senders.data?.senders ?? []).map((sender) => ({ id: sender.id, name: senderName(sender) })), seen.senders),
  };
}

/** The Approvals page: a queue per kind of draft, with its pending count, filtered by campaign and sender. */
export function ApprovalsView() {
  const params = useSearchParams();
  const [state, setState] = useState(() => fromParams(new URLSearchParams(params.toString())));
  const counts = useApprovalCounts({ fast: true });
  const [seen, setSeen] = useState<{ campaigns: Named; senders: Named }>({ campaigns: new Map(), senders: new Map() });
  const options = useFilterOptions(seen);
  const onSeen = useCallback((drafts: ReadonlyArray<{ campaignId: string; campaignName: string; linkedinAccountId: string; senderName: string | null }>) => {
    setSeen((current) => {
      const fresh = drafts.filter((draft) => !current.campaigns.has(draft.campaignId) || (draft.senderName && !current.senders.has(draft.linkedinAccountId)));
      if (!fresh.length) return current;
      const campaigns = new Map(current.campaigns);
      const senders = new Map(current.senders);
      for (const draft of fresh) {
        campaigns.set(draft.campaignId, draft.campaignName);
        if (draft.senderName) senders.set(draft.linkedinAccountId, draft.senderName);
      }
      return { campaigns, senders };
    });
  }, []);
  const id = useId();
  const update = (next: { kind: PageKind; filters: QueueFilters }) => {
    setState(next);
    // The address follows without a navigation: the queue keeps its data and focus.
    window.history.replaceState(null, "", approvalsHref(next.kind, next.filters));
  };
  const seesAgentWrites = !useIsApprover();
  const { filters } = state;
  // Agents' actions are the workspace's configuration and data: not an approver's queue, even by its address.
  const kind: PageKind = state.kind === "agentWrites" && !seesAgentWrites ? "comments" : state.kind;
  const filtered = Boolean(filters.campaignId || filters.linkedinAccountId);
  const clearFilters = () => update({ kind, filters: { campaignId: null, linkedinAccountId: null } });
  const count = (value: number | undefined) => (value === undefined ? "" : ` (${value})`);
  const small = "py-1.5 pr-7 pl-2 text-xs";
  return (
    <>
      <PageHeader title="Approvals" description={`AI-drafted comments, voice notes and AI lines wait here for a person before they go out, oldest first${seesAgentWrites ? ", and so do the changes AI agents ask for when the workspace requires it" : ""}.`} />
      <Tabs
        label="Approval queues"
        tabs={[
          { id: "comments", label: `Comments${count(counts.data?.comments)}` },
          { id: "voiceNotes", label: `Voice notes${count(counts.data?.voiceNotes)}` },
          { id: "aiLines", label: `AI lines${count(counts.data?.aiLines)}` },
          ...(seesAgentWrites ? [{ id: "agentWrites" as const, label: `Agent actions${count(counts.data?.agentWrites)}` }] : []),
        ]}
        selected={kind}
        onSelect={(next) => update({ kind: next, filters })}
      >
        <div className="space-y-3">
          {kind !== "agentWrites" && (
          <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Filter drafts">
            <label htmlFor={`${id}-campaign`} className="sr-only">
              Campaign
            </label>
            <Select
              id={`${id}-campaign`}
              value={filters.campaignId ?? ""}
              onChange={(event) => update({ kind, filters: { ...filters, campaignId: event.target.value || null } })}
              className={`w-auto max-w-full min-w-0 ${small}`}
            >
              <option value="">All campaigns</option>
              {options.campaigns.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))}
            </Select>
            {/* AI lines belong to no sender in particular (an e-mail step's have none): filtered by campaign only. */}
            {kind !== "aiLines" && (
              <>
                <label htmlFor={`${id}-sender`} className="sr-only">
                  Sender
                </label>
                <Select
                  id={`${id}-sender`}
                  value={filters.linkedinAccountId ?? ""}
                  onChange={(event) => update({ kind, filters: { ...filters, linkedinAccountId: event.target.value || null } })}
                  className={`w-auto max-w-full min-w-0 ${small}`}
                >
                  <option value="">All senders</option>
                  {options.senders.map((sender) => (
                    <option key={sender.id} value={sender.id}>
                      {sender.name}
                    </option>
                  ))}
                </Select>
              </>
            )}
            {filtered && (
              <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={clearFilters}>
                Clear filters
              </button>
            )}
          </div>
          )}
          {kind === "agentWrites" ? (
            <AgentWritesQueue />
          ) : kind === "aiLines" ? (
            <AiLinesQueue campaignId={filters.campaignId} />
          ) : (
            <QueuePanel key={kind} kind={kind} filters={filters} filtered={filtered} onClearFilters={clearFilters} onSeen={onSeen} />
          )}
        </div>
      </Tabs>
    </>
  );
}
