// Outcomes on the sandbox network, for the campaign forecast (LinkedinProvider.forecastOutcomeModel):
// its behaviour model is deterministic (keyed by who acts on whom and how many times before), so the
// forecast knows what each prospect will do and when. Answers to actions already sent are read from
// the network itself.
import { db } from "../../../db/client";
import type { OutcomeModel, SimLead } from "../../../services/campaigns/forecast/simulation-types";
import type { ForecastOutcomeInput } from "../types";
import { acceptanceTime, invitationKey, messageKey, replyRateFor, replyTime } from "./behaviour";
import { recentPostsSince } from "../recent-posts";

interface Prospect {
  memberId: string;
  acceptRate: number;
  replyRate: number;
  /** Sandbox members who sign in as senders answer only when a person acts as them. */
  automatic: boolean;
  openProfile: boolean;
}

export async function sandboxForecastOutcomeModel(input: ForecastOutcomeInput): Promise<OutcomeModel> {
  const sessions = await db.sandboxSession.findMany({ where: { id: { in: input.senders.map((sender) => sender.providerAccountId) } }, select: { id: true, memberId: true } });
  const sessionMember = new Map(sessions.map((session) => [session.id, session.memberId]));
  const senderMember = new Map(input.senders.flatMap((sender) => (sessionMember.has(sender.providerAccountId) ? [[sender.id, sessionMember.get(sender.providerAccountId)!]] : [])));

  const members = await db.sandboxMember.findMany({
    where: {
      OR: [
        { id: { in: input.leads.flatMap((lead) => (lead.memberId ? [lead.memberId] : [])) } },
        { publicIdentifier: { in: input.leads.flatMap((lead) => (lead.publicIdentifier ? [lead.publicIdentifier] : [])) } },
      ],
    },
    select: { id: true, publicIdentifier: true, acceptRate: true, replyRate: true, username: true, openProfile: true },
  });
  const byId = new Map(members.map((member) => [member.id, member]));
  const byIdentifier = new Map(members.map((member) => [member.publicIdentifier, member]));
  const prospects = new Map<string, Prospect>();
  for (const lead of input.leads) {
    const member = (lead.memberId && byId.get(lead.memberId)) || (lead.publicIdentifier && byIdentifier.get(lead.publicIdentifier)) || null;
    if (member) {
      prospects.set(lead.id, { memberId: member.id, acceptRate: member.acceptRate, replyRate: member.replyRate, automatic: !member.username, openProfile: member.openProfile });
    }
  }

  const senderIds = [...new Set(senderMember.values())];
  const prospectIds = [...new Set([...prospects.values()].map((prospect) => prospect.memberId))];
  const [relations, invitations, messages, posts] = await Promise.all([
    db.sandboxRelation.findMany({ where: { memberId: { in: senderIds }, otherMemberId: { in: prospectIds } } }),
    db.sandboxInvitation.findMany({ where: { fromMemberId: { in: senderIds }, toMemberId: { in: prospectIds } } }),
    db.sandboxMessage.findMany({ where: { fromMemberId: { in: senderIds }, toMemberId: { in: prospectIds } } }),
    db.sandboxPost.groupBy({ by: ["authorId"], where: { authorId: { in: prospectIds } }, _max: { postedAt: true } }),
  ]);
  // A prospect's latest post: listRecentPosts finds it while it is recent (recent-posts.ts); prospects post only when a person acts as them.
  const latestPost = new Map(posts.flatMap((post) => (post._max.postedAt ? [[post.authorId, post._max.postedAt.getTime()] as const] : [])));
  const pair = (from: string, to: string) => `${from}>${to}`;
  const connected = new Set(relations.map((relation) => pair(relation.memberId, relation.otherMemberId)));
  const invitationCount = new Map<string, number>();
  const pendingAcceptance = new Map<string, number>();
  for (const invitation of invitations) {
    const key = pair(invitation.fromMemberId, invitation.toMemberId);
    invitationCount.set(key, (invitationCount.get(key) ?? 0) + 1);
    if (invitation.status === "pending" && invitation.acceptAt) pendingAcceptance.set(key, invitation.acceptAt.getTime());
  }
  const messageCount = new Map<string, number>();
  const awaitingReply = new Map<string, number>();
  for (const message of messages) {
    const key = pair(message.fromMemberId, message.toMemberId);
    messageCount.set(key, (messageCount.get(key) ?? 0) + 1);
    if (message.replyAt && !message.repliedAt) awaitingReply.set(key, message.replyAt.getTime());
  }

  const keyOf = (senderId: string, lead: SimLead) => {
    const from = senderMember.get(senderId);
    const to = prospects.get(lead.id)?.memberId;
    return from && to ? { from, to, key: pair(from, to) } : null;
  };

  return {
    kind: "sandbox",
    openProfile(lead) {
      return prospects.get(lead.id)?.openProfile;
    },
    hasRecentPost(lead, at) {
      const memberId = prospects.get(lead.id)?.memberId;
      const latest = memberId ? latestPost.get(memberId) : undefined;
      return latest !== undefined && latest >= recentPostsSince(new Date(at)).getTime();
    },
    isConnected(senderId, lead) {
      const ids = keyOf(senderId, lead);
      return Boolean(ids && connected.has(ids.key));
    },
    invitationSent(senderId, lead, at) {
      const ids = keyOf(senderId, lead);
      const prospect = prospects.get(lead.id);
      if (!ids || !prospect) return null;
      const earlier = invitationCount.get(ids.key) ?? 0;
      invitationCount.set(ids.key, earlier + 1);
      if (!prospect.automatic) return null;
      return acceptanceTime(invitationKey(ids.from, ids.to, earlier), prospect.acceptRate, new Date(at))?.getTime() ?? null;
    },
    invitationWithdrawn: () => undefined,
    messageSent(senderId, lead, kind, at) {
      const ids = keyOf(senderId, lead);
      const prospect = prospects.get(lead.id);
      if (!ids || !prospect) return null;
      const earlier = messageCount.get(ids.key) ?? 0;
      messageCount.set(ids.key, earlier + 1);
      const awaiting = awaitingReply.get(ids.key);
      if (!prospect.automatic || (awaiting !== undefined && awaiting > at)) return null;
      const reply = replyTime(messageKey(ids.from, ids.to, earlier), replyRateFor(kind, prospect.replyRate), new Date(at))?.getTime() ?? null;
      if (reply !== null) awaitingReply.set(ids.key, reply);
      return reply;
    },
    initialEvents(senderId, lead) {
      const ids = keyOf(senderId, lead);
      if (!ids) return [];
      const events: Array<{ kind: "accept" | "reply"; at: number }> = [];
      const acceptAt = pendingAcceptance.get(ids.key);
      if (acceptAt !== undefined) events.push({ kind: "accept", at: Math.max(acceptAt, input.start) });
      const replyAt = awaitingReply.get(ids.key);
      if (replyAt !== undefined) events.push({ kind: "reply", at: Math.max(replyAt, input.start) });
      return events;
    },
    accepted(senderId, lead) {
      const ids = keyOf(senderId, lead);
      if (ids) connected.add(ids.key);
    },
  };
}
