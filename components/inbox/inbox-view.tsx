"use client";
import dynamic from "next/dynamic";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { plural } from "@/components/ui/plural";
import { ConversationList } from "./conversation-list";
import { InboxFiltersBar } from "./inbox-filters";
import { filtersFromParams, inboxHref, NO_FILTERS, type InboxFilters } from "./inbox-filters-state";
import { NoConversationOpen, ThreadSkeleton } from "./thread-placeholders";
import { useUnreadCount } from "./use-inbox";

// The open conversation's pane (messages, lead card, composer and their actions) is loaded when a
// conversation is first opened: the list alone is what the Inbox's first load needs.
const ThreadView = dynamic(() => import("./thread-view").then((module) => module.ThreadView), { loading: () => <ThreadSkeleton /> });

/**
 * The Inbox: every conversation of the workspace's senders and mailboxes, and the open one beside
 * it (`?c=`). On a phone the list and the thread are two screens; the address says which.
 */
export function InboxView() {
  const router = useRouter();
  const searchParams = useSearchParams();
  const fromAddress = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const openId = searchParams.get("c");
  const unread = useUnreadCount();
  // The filters answer a click at once and the address follows (router.replace runs in a
  // transition, so the address lags a click or two behind); an address that none of those clicks
  // asked for (back, forward, a link) sets the filters.
  const [filters, setFiltersNow] = useState(fromAddress);
  const requested = useRef<string[]>([]);
  const addressKey = inboxHref(fromAddress, null);
  useEffect(() => {
    const index = requested.current.indexOf(addressKey);
    if (index >= 0) requested.current = requested.current.slice(index + 1);
    else setFiltersNow(filtersFromParams(new URLSearchParams(addressKey.split("?")[1] ?? "")));
  }, [addressKey]);
  const setFilters = useCallback(
    (next: InboxFilters) => {
      setFiltersNow(next);
      requested.current.push(inboxHref(next, null));
      router.replace(inboxHref(next, openId), { scroll: false });
    },
    [router, openId],
  );
  const clearFilters = useCallback(() => setFilters(NO_FILTERS), [setFilters]);
  return (
    <>
      <div className={openId ? "hidden lg:block" : undefined}>
        <PageHeader
          title="Inbox"
          description={
            <>
              Every LinkedIn and e-mail conversation of your senders and mailboxes, newest first.
              {unread.data ? <span className="ml-1 font-medium text-slate-700" data-testid="inbox-unread">{plural(unread.data, "unread conversation")}.</span> : null}
            </>
          }
        />
      </div>
      <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200 lg:grid lg:h-[calc(100vh-10rem)] lg:min-h-[34rem] lg:grid-cols-[21rem_minmax(0,1fr)] xl:grid-cols-[23rem_minmax(0,1fr)]">
        <div className={`${openId ? "hidden" : "flex"} min-h-0 flex-col border-slate-200 lg:flex lg:border-r`}>
          <div className="border-b border-slate-200 p-3">
            <InboxFiltersBar filters={filters} onChange={setFilters} />
          </div>
          <div className="min-h-0 flex-1 lg:overflow-y-auto">
            <ConversationList filters={filters} selectedId={openId} onClearFilters={clearFilters} />
          </div>
        </div>
        <div className={`${openId ? "flex" : "hidden"} h-[calc(100dvh-6.5rem)] min-h-[28rem] min-w-0 flex-col lg:flex lg:h-auto lg:min-h-0`}>
          {openId ? <ThreadView id={openId} backHref={inboxHref(filters, null)} hrefOf={(id) => inboxHref(filters, id)} /> : <NoConversationOpen />}
        </div>
      </div>
    </>
  );
}
