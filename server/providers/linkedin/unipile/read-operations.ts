// Reading LinkedIn through Unipile: profiles, search, posts, invitations, relations, messages and
// InMail credits. Lists page with Unipile's opaque cursor, passed through as Herald's cursor.
import { now } from "../../../lib/clock";
import type { ChatMessage, ChatSummary, LinkedinProvider, PostSummary, Relation, SentInvitation } from "../types";
import { recentPostsSince } from "../recent-posts";
import type { ErrorOverrides } from "./errors";
import { segment, type UnipileContext } from "./context";
import { memberFromProfile, memberFromSearch, profileIdentifier } from "./mappers";
import { searchPageRequest } from "./unsettled";
import {
  ZUnipileChat,
  ZUnipileChatPage,
  ZUnipileInmailBalance,
  ZUnipileInvitationPage,
  ZUnipileMessagePage,
  ZUnipilePostPage,
  ZUnipileRelationPage,
  ZUnipileSearchPage,
  ZUnipileSearchPerson,
  ZUnipileUserProfile,
  isSet,
  parseAnswer,
  type TUnipileMessage,
} from "./schemas";

type ReadOperations = Pick<
  LinkedinProvider,
  | "getProfile"
  | "searchPeople"
  | "listRecentPosts"
  | "listSentInvitations"
  | "listRelations"
  | "listMessages"
  | "listChats"
  | "listChatMessages"
  | "getInmailBalance"
  | "getSsi"
>;

/** Unipile's chat `type`: 0 is a one-to-one chat, 1 a group, 2 a channel. */
const ONE_TO_ONE = 0;

/** On calls that name a person, "not found" is about that person. */
export const PROFILE_NOT_FOUND: ErrorOverrides = {
  "errors/resource_not_found": "profile-not-found",
  "errors/invalid_resource_identifier": "profile-not-found",
  "http:404": "profile-not-found",
};

const PAGE_SIZE = 100;
// LinkedIn's classic search serves at most 50 results a page; Sales Navigator and Recruiter 100.
const CLASSIC_SEARCH_PAGE = 50;
const PREMIUM_SEARCH_PAGE = 100;

function searchPageSize(searchUrl: string): number {
  return /linkedin\.com\/(sales|talent)\//i.test(searchUrl) ? PREMIUM_SEARCH_PAGE : CLASSIC_SEARCH_PAGE;
}

function epochToIso(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = new Date(typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function readOperations(context: UnipileContext): ReadOperations {
  const { client } = context;

  /** The other person in a 1:1 chat, read once per chat within one listing. */
  function chatCounterparts() {
    const known = new Map<string, Promise<string | null>>();
    return (chatId: string) => {
      let counterpart = known.get(chatId);
      if (!counterpart) {
        const path = `/api/v1/chats/${segment(chatId)}`;
        counterpart = client
          .request({ method: "GET", path, kind: "action" })
          .then(({ body }) => parseAnswer(ZUnipileChat, body, `GET ${path}`, "action").attendee_provider_id ?? null);
        known.set(chatId, counterpart);
      }
      return counterpart;
    };
  }

  return {
    async getProfile(providerAccountId, profileUrlOrIdentifier) {
      const path = `/api/v1/users/${segment(profileIdentifier(profileUrlOrIdentifier))}`;
      const query = {
        account_id: providerAccountId,
        linkedin_sections: context.profileSections.length ? context.profileSections.join(",") : undefined,
      };
      const { body } = await client.request({ method: "GET", path, query, kind: "action", overrides: PROFILE_NOT_FOUND });
      return memberFromProfile(parseAnswer(ZUnipileUserProfile, body, `GET ${path}`, "action"));
    },

    async searchPeople(providerAccountId, input) {
      // The cursor encodes the search, but Unipile's examples send the body again with it.
      const { query, json } = searchPageRequest({ providerAccountId, searchUrl: input.searchUrl, cursor: input.cursor, limit: searchPageSize(input.searchUrl) });
      const { body } = await client.request({ method: "POST", path: "/api/v1/linkedin/search", query, json, kind: "action" });
      const page = parseAnswer(ZUnipileSearchPage, body, "POST /api/v1/linkedin/search", "action");
      const items = page.items.flatMap((item) => {
        const person = ZUnipileSearchPerson.safeParse(item);
        return person.success ? [memberFromSearch(person.data)] : [];
      });
      return { items, cursor: page.cursor || null };
    },

    async listRecentPosts(providerAccountId, memberId, limit = 10) {
      const path = `/api/v1/users/${segment(memberId)}/posts`;
      const query = { account_id: providerAccountId, limit };
      const { body } = await client.request({ method: "GET", path, query, kind: "action", overrides: PROFILE_NOT_FOUND });
      const page = parseAnswer(ZUnipilePostPage, body, `GET ${path}`, "action");
      const since = recentPostsSince(now()).getTime();
      const posts: PostSummary[] = page.items
        // A repost is someone else's post: reacting to it is not engaging with this member's own.
        .filter((post) => post.is_repost !== true)
        // Only recent posts, as on the sandbox network; a post whose date Unipile could not read is kept.
        .filter((post) => {
          const postedAt = post.parsed_datetime ? Date.parse(post.parsed_datetime) : Number.NaN;
          return Number.isNaN(postedAt) || postedAt >= since;
        })
        .map((post) => ({
          // Unipile reacts and comments by social_id; the plain id may not work for every post.
          postId: post.social_id || post.id,
          url: post.share_url ?? "",
          text: post.text ?? "",
          postedAt: post.parsed_datetime ?? "",
        }));
      return posts.sort((a, b) => b.postedAt.localeCompare(a.postedAt)).slice(0, limit);
    },

    async listSentInvitations(providerAccountId, cursor) {
      const query = { account_id: providerAccountId, limit: PAGE_SIZE, cursor: cursor || undefined };
      const { body } = await client.request({ method: "GET", path: "/api/v1/users/invite/sent", query, kind: "action" });
      const page = parseAnswer(ZUnipileInvitationPage, body, "GET /api/v1/users/invite/sent", "action");
      const listedAt = now().toISOString();
      const items: SentInvitation[] = page.items.flatMap((invitation) => {
        const memberId = invitation.invited_user_id || invitation.invited_user_public_id;
        if (!memberId) return [];
        // parsed_datetime is null when LinkedIn only said "Sent 3 weeks ago" in a form Unipile could
        // not read; the time of this listing is then the latest the invitation can have been sent.
        return [{ invitationId: invitation.id, memberId, sentAt: invitation.parsed_datetime || listedAt }];
      });
      return { items, cursor: page.cursor || null };
    },

    async listRelations(providerAccountId, cursor) {
      const query = { account_id: providerAccountId, limit: PAGE_SIZE, cursor: cursor || undefined };
      const { body } = await client.request({ method: "GET", path: "/api/v1/users/relations", query, kind: "action" });
      const page = parseAnswer(ZUnipileRelationPage, body, "GET /api/v1/users/relations", "action");
      const listedAt = now().toISOString();
      const items: Relation[] = page.items.map((relation) => ({
        memberId: relation.member_id,
        publicIdentifier: relation.public_identifier || relation.member_id,
        connectedAt: epochToIso(relation.created_at) ?? listedAt,
      }));
      return { items, cursor: page.cursor || null };
    },

    async listMessages(providerAccountId, input) {
      const query = { account_id: providerAccountId, after: input.since.toISOString(), limit: PAGE_SIZE, cursor: input.cursor || undefined };
      const { body } = await client.request({ method: "GET", path: "/api/v1/messages", query, kind: "action" });
      const page = parseAnswer(ZUnipileMessagePage, body, "GET /api/v1/messages", "action");
      return { items: await readableMessages(page.items, chatCounterparts()), cursor: page.cursor || null };
    },

    async listChats(providerAccountId, input) {
      // Unipile lists chats newest activity first. Its `after` filter is documented on creation
      // time, which would drop an old chat with a new message, so the listing stops instead at the
      // first chat whose newest message is older than `since`.
      const query = { account_id: providerAccountId, account_type: "LINKEDIN", limit: PAGE_SIZE, cursor: input.cursor || undefined };
      const { body } = await client.request({ method: "GET", path: "/api/v1/chats", query, kind: "action" });
      const page = parseAnswer(ZUnipileChatPage, body, "GET /api/v1/chats", "action");
      const since = input.since.getTime();
      let reachedOlder = false;
      const items: ChatSummary[] = [];
      for (const chat of page.items) {
        const lastMessageAt = epochToIso(chat.timestamp);
        if (!lastMessageAt) continue;
        if (Date.parse(lastMessageAt) < since) {
          reachedOlder = true;
          continue;
        }
        if (chat.type !== ONE_TO_ONE || !chat.attendee_provider_id) continue;
        items.push({ chatId: chat.id, counterpartMemberId: chat.attendee_provider_id, lastMessageAt });
      }
      return { items, cursor: reachedOlder ? null : page.cursor || null };
    },

    async listChatMessages(providerAccountId, chatId, input) {
      const path = `/api/v1/chats/${segment(chatId)}/messages`;
      const query = { after: input.since.toISOString(), limit: PAGE_SIZE, cursor: input.cursor || undefined };
      const { body } = await client.request({ method: "GET", path, query, kind: "action" });
      const page = parseAnswer(ZUnipileMessagePage, body, `GET ${path}`, "action");
      return { items: await readableMessages(page.items, chatCounterparts()), cursor: page.cursor || null };
    },

    async getInmailBalance(providerAccountId) {
      const query = { account_id: providerAccountId };
      const { body } = await client.request({ method: "GET", path: "/api/v1/linkedin/inmail_balance", query, kind: "action" });
      const balance = parseAnswer(ZUnipileInmailBalance, body, "GET /api/v1/linkedin/inmail_balance", "action");
      // sendInmail goes through LinkedIn's classic API, which spends the Premium credits.
      return balance.premium ?? 0;
    },

    // Unipile has no Social Selling Index endpoint.
    getSsi: async () => null,
  };
}

async function readableMessages(messages: TUnipileMessage[], counterpartOf: (chatId: string) => Promise<string | null>): Promise<ChatMessage[]> {
  const items: ChatMessage[] = [];
  for (const message of messages) {
    // Reactions ("X reacted 👍") arrive as hidden messages, group changes as events: not replies.
    if (isSet(message.is_event) || isSet(message.hidden) || isSet(message.deleted)) continue;
    const chatMessage = await toChatMessage(message, counterpartOf);
    if (chatMessage) items.push(chatMessage);
  }
  return items;
}

async function toChatMessage(message: TUnipileMessage, counterpartOf: (chatId: string) => Promise<string | null>): Promise<ChatMessage | null> {
  const isFromSender = isSet(message.is_sender);
  const counterpartMemberId = isFromSender ? await counterpartOf(message.chat_id) : message.sender_id;
  // A message the sender wrote in a group chat has no single counterpart.
  if (!counterpartMemberId) return null;
  return {
    chatId: message.chat_id,
    messageId: message.id,
    counterpartMemberId,
    isFromSender,
    text: message.text ?? "",
    at: message.timestamp,
  };
}
