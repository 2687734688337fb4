import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { linkedinProviderName } from "../../providers/linkedin";
import { now } from "../../lib/clock";
import { sandboxProfileUrl } from "../../providers/linkedin/sandbox/directory";
import { recentPostsSince } from "../../providers/linkedin/recent-posts";
import { SANDBOX_TEST_CREDENTIALS } from "../../providers/linkedin/sandbox/sign-in-rules";
import { ensureSandboxDirectory } from "../../providers/linkedin/sandbox/store";
import type { TSandboxOverview } from "../../schemas/sandbox";
import { readCheckpoint } from "../senders/sender-columns";

/**
 * The Sandbox page: what the simulated network received from the workspace's senders, sign-ins
 * waiting for an in-app approval or a captcha, and the documented test credentials.
 */
export async function getSandboxOverview(actor: Actor): Promise<TSandboxOverview> {
  const active = linkedinProviderName() === "sandbox";
  if (!active) return { active, credentials: SANDBOX_TEST_CREDENTIALS, senders: [], pendingSignIns: [], invitations: [], messages: [], interactions: [] };
  await ensureSandboxDirectory();
  const accounts = await db.linkedinAccount.findMany({
    where: { workspaceId: actor.workspaceId, provider: "sandbox" },
    select: { id: true, label: true, fullName: true, memberId: true, providerAccountId: true, connectionStatus: true, checkpoint: true },
  });
  const sessions = await db.sandboxSession.findMany({ where: { id: { in: accounts.map((account) => account.providerAccountId) } } });
  const memberIds = [...new Set(sessions.map((session) => session.memberId))];
  const senderName = new Map(accounts.map((account) => [account.memberId, account.label || account.fullName || account.id]));
  const [invitations, messages, interactions] = await Promise.all([
    db.sandboxInvitation.findMany({ where: { fromMemberId: { in: memberIds } }, orderBy: { sentAt: "desc" }, take: 100 }),
    db.sandboxMessage.findMany({ where: { OR: [{ fromMemberId: { in: memberIds } }, { toMemberId: { in: memberIds } }] }, orderBy: { sentAt: "desc" }, take: 100 }),
    db.sandboxInteraction.findMany({ where: { memberId: { in: memberIds } }, orderBy: { at: "desc" }, take: 100 }),
  ]);
  const people = await db.sandboxMember.findMany({
    where: { id: { in: [...invitations.map((row) => row.toMemberId), ...messages.flatMap((row) => [row.fromMemberId, row.toMemberId]), ...interactions.map((row) => row.targetId)] } },
    select: { id: true, firstName: true, lastName: true, publicIdentifier: true },
  });
  const person = new Map(people.map((member) => [member.id, { name: `${member.firstName} ${member.lastName}`, profileUrl: sandboxProfileUrl(member.publicIdentifier) }]));
  // Who is signing in: a pending sender has no name in Herald yet, but its sandbox session knows the member.
  const signingIn = await db.sandboxMember.findMany({ where: { id: { in: memberIds } }, select: { id: true, firstName: true, lastName: true, username: true } });
  const sessionMember = new Map(
    sessions.flatMap((session) => {
      const member = signingIn.find((candidate) => candidate.id === session.memberId);
      return member ? [[session.id, { name: `${member.firstName} ${member.lastName}`, username: member.username }] as const] : [];
    }),
  );
  return {
    active,
    credentials: SANDBOX_TEST_CREDENTIALS,
    senders: accounts
      .filter((account) => account.memberId)
      .map((account) => ({ accountId: account.id, name: senderName.get(account.memberId) ?? account.id, memberId: account.memberId! })),
    pendingSignIns: accounts
      .filter((account) => account.connectionStatus === "checkpoint_required")
      .map((account) => ({
        accountId: account.id,
        sessionId: account.providerAccountId,
        name: sessionMember.get(account.providerAccountId)?.name ?? null,
        username: sessionMember.get(account.providerAccountId)?.username ?? null,
        type: readCheckpoint(account.checkpoint)?.type ?? "unknown",
      })),
    invitations: invitations.map((row) => ({
      id: row.id,
      sender: senderName.get(row.fromMemberId) ?? row.fromMemberId,
      senderMemberId: row.fromMemberId,
      prospectId: row.toMemberId,
      prospect: person.get(row.toMemberId),
      note: row.note,
      status: row.status,
      sentAt: row.sentAt.toISOString(),
      acceptAt: row.acceptAt?.toISOString() ?? null,
    })),
    messages: messages.map((row) => ({
      id: row.id,
      kind: row.kind,
      fromSender: memberIds.includes(row.fromMemberId),
      sender: senderName.get(memberIds.includes(row.fromMemberId) ? row.fromMemberId : row.toMemberId) ?? "",
      senderMemberId: memberIds.includes(row.fromMemberId) ? row.fromMemberId : row.toMemberId,
      prospectId: memberIds.includes(row.fromMemberId) ? row.toMemberId : row.fromMemberId,
      prospect: person.get(memberIds.includes(row.fromMemberId) ? row.toMemberId : row.fromMemberId),
      subject: row.subject,
      text: row.text,
      sentAt: row.sentAt.toISOString(),
      replyAt: row.replyAt?.toISOString() ?? null,
    })),
    interactions: interactions.map((row) => ({
      id: row.id,
      kind: row.kind,
      sender: senderName.get(row.memberId) ?? row.memberId,
      prospect: person.get(row.targetId),
      text: row.text,
      at: row.at.toISOString(),
    })),
  };
}

/** The directory of prospects, searchable, with profile URLs to use in direct actions and imports. */
export async function listSandboxProspects(input: { search?: string; limit: number; offset: number }) {
  await ensureSandboxDirectory();
  const words = (input.search ?? "").split(/\s+/).filter(Boolean);
  const where = {
    username: null,
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" as const } },
        { lastName: { contains: word, mode: "insensitive" as const } },
        { headline: { contains: word, mode: "insensitive" as const } },
        { company: { contains: word, mode: "insensitive" as const } },
      ],
    })),
  };
  const [rows, total] = await Promise.all([
    db.sandboxMember.findMany({ where, orderBy: { id: "asc" }, take: input.limit, skip: input.offset }),
    db.sandboxMember.count({ where }),
  ]);
  // Only recent posts count: a comment step skips a prospect without one (and says so).
  const since = recentPostsSince(now());
  const posts = await db.sandboxPost.groupBy({
    by: ["authorId"],
    where: { authorId: { in: rows.map((row) => row.id) }, postedAt: { gte: since } },
    _count: { _all: true },
  });
  const postCount = new Map(posts.map((row) => [row.authorId, row._count._all]));
  return {
    total,
    prospects: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      headline: row.headline,
      location: row.location,
      profileUrl: sandboxProfileUrl(row.publicIdentifier),
      openProfile: row.openProfile,
      isPremium: row.isPremium,
      recentPosts: postCount.get(row.id) ?? 0,
    })),
  };
}
