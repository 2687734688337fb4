// Reading the sandbox network: profiles, search, posts, invitations, relations, messages.
import { createHash } from "node:crypto";
import { db, type Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { LinkedinProviderError, type ChatMessage, type ChatSummary, type MemberProfile, type Page, type PostSummary, type Relation, type SentInvitation, type SsiScore } from "../types";
import { recentPostsSince } from "../recent-posts";
import { publicIdentifierFrom, sandboxProfileUrl } from "./directory";
import { actingContext } from "./acting-context";
import { activeSession, ensureSandboxDirectory } from "./store";

const SEARCH_PAGE_SIZE = 10;
export { RECENT_POST_DAYS } from "../recent-posts";

type Member = Prisma.SandboxMemberGetPayload<object>;

async function toProfile(member: Member, viewerId: string): Promise<MemberProfile> {
  const [relation, invitation] = await Promise.all([
    db.sandboxRelation.findUnique({ where: { memberId_otherMemberId: { memberId: viewerId, otherMemberId: member.id } } }),
    db.sandboxInvitation.findFirst({ where: { fromMemberId: viewerId, toMemberId: member.id, status: "pending" }, select: { id: true } }),
  ]);
  return profileOf(member, { connected: Boolean(relation), invitationPending: Boolean(invitation) });
}

function profileOf(
  member: Pick<Member, "id" | "publicIdentifier" | "firstName" | "lastName" | "headline" | "company" | "jobTitle" | "location" | "picture" | "openProfile" | "isPremium">,
  relation: { connected: boolean; invitationPending: boolean },
): MemberProfile {
  return {
    memberId: member.id,
    publicIdentifier: member.publicIdentifier,
    profileUrl: sandboxProfileUrl(member.publicIdentifier),
    firstName: member.firstName,
    lastName: member.lastName,
    headline: member.headline,
    company: member.company,
    jobTitle: member.jobTitle,
    location: member.location,
    picture: member.picture,
    openProfile: member.openProfile,
    isPremium: member.isPremium,
    connectionDegree: relation.connected ? 1 : 2,
    invitationPending: relation.invitationPending,
  };
}

export async function getProfile(sessionId: string, profileUrlOrIdentifier: string): Promise<MemberProfile> {
  await ensureSandboxDirectory();
  // The session, the member, the relation and the pending invitation in one round trip.
  const context = await actingContext(sessionId, { publicIdentifier: publicIdentifierFrom(profileUrlOrIdentifier) });
  const member = context.target;
  if (!member) {
    throw new LinkedinProviderError(
      "profile-not-found",
      `No LinkedIn profile at ${profileUrlOrIdentifier} in the sandbox network (see the Sandbox page for its directory)`,
    );
  }
  return profileOf(member, { connected: context.connected, invitationPending: context.invitationPending });
}

/** Searches the directory by the `keywords` of a LinkedIn people-search URL. */
export async function searchPeople(sessionId: string, input: { searchUrl: string; cursor?: string | null }): Promise<Page<MemberProfile>> {
  await ensureSandboxDirectory();
  const { member: viewer } = await activeSession(sessionId);
  let keywords = "";
  try {
    const url = new URL(input.searchUrl);
    keywords = (url.searchParams.get("keywords") ?? "").trim();
  } catch {
    throw new LinkedinProviderError("action-failed", "The search URL is not a valid URL");
  }
  const offset = Number(input.cursor ?? 0) || 0;
  const words = keywords.split(/\s+/).filter(Boolean);
  const where: Prisma.SandboxMemberWhereInput = {
    username: null,
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" as const } },
        { lastName: { contains: word, mode: "insensitive" as const } },
        { headline: { contains: word, mode: "insensitive" as const } },
        { company: { contains: word, mode: "insensitive" as const } },
        { location: { contains: word, mode: "insensitive" as const } },
      ],
    })),
  };
  const members = await db.sandboxMember.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: SEARCH_PAGE_SIZE + 1 });
  const items = await Promise.all(members.slice(0, SEARCH_PAGE_SIZE).map((member) => toProfile(member, viewer.id)));
  return { items, cursor: members.length > SEARCH_PAGE_SIZE ? String(offset + SEARCH_PAGE_SIZE) : null };
}

export async function listRecentPosts(sessionId: string, memberId: string, limit = 3): Promise<PostSummary[]> {
  await activeSession(sessionId);
  const since = recentPostsSince(now());
  const posts = await db.sandboxPost.findMany({
    where: { authorId: memberId, postedAt: { gte: since } },
    orderBy: { postedAt: "desc" },
    take: limit,
  });
  return posts.map((post) => ({
    postId: post.id,
    url: `https://www.linkedin.com/feed/update/urn:li:activity:${post.id}`,
    text: post.text,
    postedAt: post.postedAt.toISOString(),
  }));
}

function pageOf<T>(items: T[], cursor: string | null | undefined, size = 100): Page<T> {
  const offset = Number(cursor ?? 0) || 0;
  return { items: items.slice(offset, offset + size), cursor: items.length > offset + size ? String(offset + size) : null };
}

export async function listSentInvitations(sessionId: string, cursor?: string | null): Promise<Page<SentInvitation>> {
  const { member } = await activeSession(sessionId);
  const rows = await db.sandboxInvitation.findMany({ where: { fromMemberId: member.id, status: "pending" }, orderBy: { sentAt: "desc" } });
  return pageOf(rows.map((row) => ({ invitationId: row.id, memberId: row.toMemberId, sentAt: row.sentAt.toISOString() })), cursor);
}

export async function listRelations(sessionId: string, cursor?: string | null): Promise<Page<Relation>> {
  const { member } = await activeSession(sessionId);
  const rows = await db.sandboxRelation.findMany({ where: { memberId: member.id }, orderBy: { connectedAt: "desc" } });
  const others = await db.sandboxMember.findMany({ where: { id: { in: rows.map((row) => row.otherMemberId) } }, select: { id: true, publicIdentifier: true } });
  const identifiers = new Map(others.map((other) => [other.id, other.publicIdentifier]));
  return pageOf(
    rows.map((row) => ({ memberId: row.otherMemberId, publicIdentifier: identifiers.get(row.otherMemberId) ?? "", connectedAt: row.connectedAt.toISOString() })),
    cursor,
  );
}

type SandboxMessageRow = Prisma.SandboxMessageGetPayload<object>;

function toChatMessage(row: SandboxMessageRow, senderMemberId: string): ChatMessage {
  const isFromSender = row.fromMemberId === senderMemberId;
  return {
    chatId: row.chatId,
    messageId: row.id,
    counterpartMemberId: isFromSender ? row.toMemberId : row.fromMemberId,
    isFromSender,
    text: row.text,
    at: row.sentAt.toISOString(),
  };
}

export async function listMessages(sessionId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatMessage>> {
  const { member } = await activeSession(sessionId);
  const rows = await db.sandboxMessage.findMany({
    where: { sentAt: { gte: input.since }, OR: [{ fromMemberId: member.id }, { toMemberId: member.id }] },
    orderBy: { sentAt: "asc" },
  });
  return pageOf(
    rows.map((row) => toChatMessage(row, member.id)),
    input.cursor,
  );
}

/** The sender's chats with a message since a moment, newest first (every sandbox chat is one-to-one). */
export async function listChats(sessionId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatSummary>> {
  const { member } = await activeSession(sessionId);
  // The newest message of each chat of the sender's.
  const newest = await db.sandboxMessage.findMany({
    where: { OR: [{ fromMemberId: member.id }, { toMemberId: member.id }] },
    distinct: ["chatId"],
    orderBy: [{ chatId: "asc" }, { sentAt: "desc" }],
  });
  const items = newest
    .filter((row) => row.sentAt >= input.since)
    .map((row) => ({ chatId: row.chatId, counterpartMemberId: toChatMessage(row, member.id).counterpartMemberId, lastMessageAt: row.sentAt.toISOString() }))
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || a.chatId.localeCompare(b.chatId));
  return pageOf(items, input.cursor);
}

export async function listChatMessages(sessionId: string, chatId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatMessage>> {
  const { member } = await activeSession(sessionId);
  const rows = await db.sandboxMessage.findMany({
    where: { chatId, sentAt: { gte: input.since }, OR: [{ fromMemberId: member.id }, { toMemberId: member.id }] },
    orderBy: [{ sentAt: "asc" }, { id: "asc" }],
  });
  return pageOf(
    rows.map((row) => toChatMessage(row, member.id)),
    input.cursor,
  );
}

export async function getInmailBalance(sessionId: string): Promise<number> {
  const { member } = await activeSession(sessionId);
  return member.inmailCredits;
}

/** A stable, plausible Social Selling Index per member. */
export async function getSsi(sessionId: string): Promise<SsiScore | null> {
  const { member } = await activeSession(sessionId);
  const bytes = createHash("sha256").update(`ssi:${member.id}`).digest();
  const part = (index: number) => Math.round((8 + (bytes[index]! / 255) * 17) * 100) / 100;
  const [brand, people, insights, relationships] = [part(0), part(1), part(2), part(3)];
  return {
    score: Math.round((brand + people + insights + relationships) * 100) / 100,
    brand,
    people,
    insights,
    relationships,
    industryTop: 1 + (bytes[4]! % 40),
    networkTop: 1 + (bytes[5]! % 40),
    industryAverage: 42,
    networkAverage: 45,
    industryName: "Computer Software",
  };
}

export async function visitedProfileSince(sessionId: string, memberId: string, since: Date): Promise<boolean> {
  const { member } = await activeSession(sessionId);
  const visit = await db.sandboxInteraction.findFirst({ where: { memberId: member.id, targetId: memberId, kind: "profile_view", at: { gte: since } }, select: { id: true } });
  return Boolean(visit);
}
