"use client";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useIsApprover } from "@/components/shell/workspace-role";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";
import { useNow } from "@/components/ui/use-now";
import type { TConversationSummary } from "@/server/schemas/inbox";
import { INTEREST_LABELS, INTEREST_TONES, leadName, snippet } from "./inbox-display";
import { inboxHref, isFiltered, type InboxFilters } from "./inbox-filters-state";
import { ChannelIcon, LeadAvatar } from "./inbox-icons";
import { useConversations } from "./use-inbox";

export function ConversationRow({ conversation, href, selected, now }: { conversation: TConversationSummary; href: string; selected: boolean; now: number }) {
  const name = leadName(conversation.lead);
  return (
    <li data-testid="conversation-row" data-unread={conversation.unread || undefined}>
      <Link
        href={href}
        scroll={false}
        aria-current={selected ? "true" : undefined}
        aria-label={`${conversation.unread ? "Unread: " : ""}${name}${conversation.lead.company ? `, ${conversation.lead.company}` : ""}`}
        className={`flex gap-3 px-3 py-3 ${selected ? "bg-brand-50" : "hover:bg-slate-50"}`}
      >
        <LeadAvatar conversation={conversation} />
        <div className="min-w-0 flex-1 space-y-0.5">
          <div className="flex items-baseline gap-2">
            <p className={`min-w-0 flex-1 truncate text-sm ${conversation.unread ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}>
              {name}
              {conversation.lead.company && <span className="font-normal text-slate-500"> · {conversation.lead.company}</span>}
            </p>
            <time dateTime={conversation.lastMessage.at} title={formatDateTime(conversation.lastMessage.at)} className="shrink-0 text-[11px] text-slate-500">
              {formatRelative(conversation.lastMessage.at, now)}
            </time>
            {conversation.unread && <span className="size-2 shrink-0 self-center rounded-full bg-brand-600" data-testid="unread-dot" aria-hidden="true" />}
          </div>
          <p className="flex items-center gap-1 truncate text-[11px] text-slate-500">
            <ChannelIcon channel={conversation.channel} className="size-3 shrink-0" />
            <span className="truncate">
              {conversation.account.name}
              {conversation.campaign && <> · {conversation.campaign.name}</>}
            </span>
          </p>
          {conversation.subject && <p className={`truncate text-xs ${conversation.unread ? "font-medium text-slate-800" : "text-slate-700"}`}>{conversation.subject}</p>}
          <p className="line-clamp-2 text-xs break-words text-slate-500">{snippet(conversation)}</p>
          {conversation.interest && (
            <div className="pt-0.5">
              <Badge tone={INTEREST_TONES[conversation.interest]}>{INTEREST_LABELS[conversation.interest]}</Badge>
            </div>
          )}
        </div>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="flex animate-pulse gap-3 px-3 py-3">
          <span className="size-9 shrink-0 rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-2/3 rounded bg-slate-200" />
            <span className="block h-2.5 w-1/2 rounded bg-slate-100" />
            <span className="block h-2.5 w-full rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Loads the next page when the end of the list scrolls into view (the button stays for keyboards and old browsers). */
function useLoadWhenVisible(load: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (!target || !active || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: "200px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [load, active]);
  return ref;
}

/** Every conversation matching the filters, newest first, page after page. */
export function ConversationList({ filters, selectedId, onClearFilters }: { filters: InboxFilters; selectedId: string | null; onClearFilters: () => void }) {
  const list = useConversations(filters);
  const now = useNow(30_000);
  const approver = useIsApprover();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useLoadWhenVisible(() => void fetchNextPage(), Boolean(hasNextPage) && !isFetchingNextPage);
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading conversations">
        <ListSkeleton />
      </div>
    );
  }
  if (!list.data) {
    return (
      <div className="p-3">
        <Alert tone="error">The conversations could not be loaded: {errorMessage(list.error)}</Alert>
      </div>
    );
  }
  // An error with rows on screen (a later page, or a refresh) shows below them rather than replacing them.
  const rows = list.data.pages.flatMap((page) => page.data);
  if (!rows.length) {
    return isFiltered(filters) ? (
      <div className="p-3">
        <EmptyState title="No conversation matches" action={<Button variant="secondary" size="sm" onClick={onClearFilters}>Clear filters</Button>}>
          Try another channel, account or campaign, or clear the filters to see every conversation.
        </EmptyState>
      </div>
    ) : (
      <div className="p-3">
        <EmptyState
          title="No conversations yet"
          action={
            approver ? undefined : (
              <Link href="/campaigns" className="text-sm font-medium text-brand-700 hover:underline">
                Go to Campaigns
              </Link>
            )
          }
        >
          Conversations appear here as soon as a campaign sends a LinkedIn message or an e-mail, and every reply lands here too.
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <ul className={`divide-y divide-slate-100 transition-opacity ${list.isPlaceholderData ? "opacity-60" : ""}`} aria-label="Conversations" aria-busy={list.isPlaceholderData}>
        {rows.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} href={inboxHref(filters, conversation.id)} selected={conversation.id === selectedId} now={now} />
        ))}
      </ul>
      {list.error && (
        <div className="px-3 pt-3">
          <Alert tone="error">{list.isFetchNextPageError ? "More conversations could not be loaded" : "The list could not be refreshed"}: {errorMessage(list.error)}</Alert>
        </div>
      )}
      {hasNextPage && (
        <div ref={sentinel} className="p-3 text-center">
          <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}
