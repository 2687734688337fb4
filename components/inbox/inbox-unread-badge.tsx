"use client";
import { useUnreadCount } from "./use-inbox";

/** The sidebar's count of unread conversations beside "Inbox"; nothing when all is read. */
export function InboxUnreadBadge() {
  const unread = useUnreadCount();
  if (!unread.data) return null;
  return (
    <span data-testid="inbox-unread-badge" className="ml-auto rounded-full bg-brand-600 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums">
      {unread.data > 99 ? "99+" : unread.data}
      <span className="sr-only"> unread</span>
    </span>
  );
}
