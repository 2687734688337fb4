// The Inbox's filters live in the address (?channel=email&unread=1&c=cnv_…), so that a link or a
// reload opens the same view and the same conversation. These pure functions turn the address into
// filters, filters into the list's query, and back.
import type { TListConversationsQuery } from "@/server/schemas/inbox";

export type ChannelFilter = "all" | "linkedin" | "email";
export type InterestFilter = "all" | "interested" | "not_interested" | "neutral" | "unknown";

export interface InboxFilters {
  channel: ChannelFilter;
  /** A sender's or mailbox's id, or "" for every account. */
  accountId: string;
  campaignId: string;
  interest: InterestFilter;
  unread: boolean;
  replied: boolean;
  search: string;
}

export const NO_FILTERS: InboxFilters = { channel: "all", accountId: "", campaignId: "", interest: "all", unread: false, replied: false, search: "" };

const CHANNELS: readonly ChannelFilter[] = ["all", "linkedin", "email"];
const INTERESTS: readonly InterestFilter[] = ["all", "interested", "not_interested", "neutral", "unknown"];

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The filters an address asks for; anything unknown falls back to "all". */
export function filtersFromParams(params: Pick<URLSearchParams, "get">): InboxFilters {
  return {
    channel: oneOf(params.get("channel"), CHANNELS, "all"),
    accountId: params.get("account")?.trim() ?? "",
    campaignId: params.get("campaign")?.trim() ?? "",
    interest: oneOf(params.get("interest"), INTERESTS, "all"),
    unread: params.get("unread") === "1",
    replied: params.get("replied") === "1",
    search: params.get("q") ?? "",
  };
}

/** The address for filters and an open conversation: only what differs from the defaults. */
export function inboxHref(filters: InboxFilters, conversationId: string | null): string {
  const params = new URLSearchParams();
  if (filters.channel !== "all") params.set("channel", filters.channel);
  if (filters.accountId) params.set("account", filters.accountId);
  if (filters.campaignId) params.set("campaign", filters.campaignId);
  if (filters.interest !== "all") params.set("interest", filters.interest);
  if (filters.unread) params.set("unread", "1");
  if (filters.replied) params.set("replied", "1");
  if (filters.search.trim()) params.set("q", filters.search);
  if (conversationId) params.set("c", conversationId);
  const query = params.toString();
  return query ? `/inbox?${query}` : "/inbox";
}

/** The list procedure's input for filters (without the cursor, which paging adds). */
export function listQuery(filters: InboxFilters, limit = 25): TListConversationsQuery {
  const query: TListConversationsQuery = { limit };
  if (filters.channel !== "all") query.channel = filters.channel;
  if (filters.accountId) query.accountId = filters.accountId;
  if (filters.campaignId) query.campaignId = filters.campaignId;
  if (filters.interest !== "all") query.interest = filters.interest;
  if (filters.unread) query.unread = true;
  if (filters.replied) query.replied = true;
  const search = filters.search.trim();
  if (search) query.search = search.slice(0, 200);
  return query;
}

export function isFiltered(filters: InboxFilters): boolean {
  return inboxHref(filters, null) !== "/inbox";
}
