// What the sandbox network checks before a member acts on another, read in one round trip: the
// session and its member, the other member, their relation, the pending invitation, and the counts
// behind the network's own limits (throttling, the weekly invitation ceiling) and its answers.
import { db, Prisma } from "../../../db/client";
import type { SandboxMember } from "../../../db/generated/client";
import { modelRow } from "../../../db/json-timestamps";
import { now } from "../../../lib/clock";
import { LinkedinProviderError } from "../types";

function memberFromJson(json: Record<string, unknown> | null): SandboxMember | null {
  return json && modelRow("SandboxMember", json);
}

export interface ActingContext {
  member: SandboxMember;
  /** The other member; null when there is none by that id or identifier. */
  target: SandboxMember | null;
  connected: boolean;
  invitationPending: boolean;
  /** Invitations from the member to the target ever sent (the network's answers are keyed by it). */
  earlierInvitations: number;
  /** Invitations the member sent in the last seven days. */
  weekInvitations: number;
  /** Invitations, messages and interactions of the member in the last hour (throttling). */
  lastHourActions: number;
  /** Whether the member's last message to the target still waits for its scheduled reply. */
  awaitingReply: boolean;
  /** Messages from the member to the target ever sent. */
  earlierMessages: number;
}

type Row = {
  state: string | null;
  member: Record<string, unknown> | null;
  target: Record<string, unknown> | null;
  connected: boolean;
  invitation_pending: boolean;
  earlier_invitations: number;
  week_invitations: number;
  last_hour_actions: number;
  awaiting_reply: boolean;
  earlier_messages: number;
};

/** The context of an action, or the error LinkedIn would give for the session. `target`: by member id or public identifier. */
export async function actingContext(sessionId: string, target: { memberId: string } | { publicIdentifier: string | null }): Promise<ActingContext> {
  const at = now();
  const hourAgo = new Date(at.getTime() - 3_600_000);
  const weekAgo = new Date(at.getTime() - 7 * 86_400_000);
  const targetWhere =
    "memberId" in target ? Prisma.sql`id = ${target.memberId}` : Prisma.sql`"publicIdentifier" = ${target.publicIdentifier ?? ""}`;
  const rows = await db.$queryRaw<Row[]>`
    WITH s AS (SELECT state, "memberId" FROM "SandboxSession" WHERE id = ${sessionId}),
    v AS (SELECT m.* FROM "SandboxMember" m JOIN s ON m.id = s."memberId"),
    t AS (SELECT * FROM "SandboxMember" WHERE ${targetWhere} LIMIT 1)
    SELECT
      (SELECT state FROM s) AS state,
      (SELECT to_jsonb(v) FROM v) AS member,
      (SELECT to_jsonb(t) FROM t) AS target,
      EXISTS (SELECT 1 FROM "SandboxRelation" r, v, t WHERE r."memberId" = v.id AND r."otherMemberId" = t.id) AS connected,
      EXISTS (SELECT 1 FROM "SandboxInvitation" i, v, t WHERE i."fromMemberId" = v.id AND i."toMemberId" = t.id AND i.status = 'pending') AS invitation_pending,
      (SELECT count(*)::int FROM "SandboxInvitation" i, v, t WHERE i."fromMemberId" = v.id AND i."toMemberId" = t.id) AS earlier_invitations,
      (SELECT count(*)::int FROM "SandboxInvitation" i, v WHERE i."fromMemberId" = v.id AND i."sentAt" >= ${weekAgo}) AS week_invitations,
      (SELECT count(*)::int FROM "SandboxInvitation" i, v WHERE i."fromMemberId" = v.id AND i."sentAt" >= ${hourAgo})
        + (SELECT count(*)::int FROM "SandboxMessage" g, v WHERE g."fromMemberId" = v.id AND g."sentAt" >= ${hourAgo})
        + (SELECT count(*)::int FROM "SandboxInteraction" n, v WHERE n."memberId" = v.id AND n.at >= ${hourAgo}) AS last_hour_actions,
      EXISTS (SELECT 1 FROM "SandboxMessage" g, v, t WHERE g."fromMemberId" = v.id AND g."toMemberId" = t.id AND g."replyAt" IS NOT NULL AND g."repliedAt" IS NULL) AS awaiting_reply,
      (SELECT count(*)::int FROM "SandboxMessage" g, v, t WHERE g."fromMemberId" = v.id AND g."toMemberId" = t.id) AS earlier_messages`;
  const row = rows[0]!;
  if (!row.state || row.state === "disconnected") throw new LinkedinProviderError("session-expired", "The LinkedIn session ended; reconnect the sender");
  if (row.state !== "ok") throw new LinkedinProviderError("session-expired", "The sender has not finished signing in");
  const member = memberFromJson(row.member);
  if (!member) throw new LinkedinProviderError("session-expired", "The LinkedIn session ended; reconnect the sender");
  if (member.restricted) throw new LinkedinProviderError("account-restricted", "LinkedIn restricted this account");
  return {
    member,
    target: memberFromJson(row.target),
    connected: row.connected,
    invitationPending: row.invitation_pending,
    earlierInvitations: row.earlier_invitations,
    weekInvitations: row.week_invitations,
    lastHourActions: row.last_hour_actions,
    awaitingReply: row.awaiting_reply,
    earlierMessages: row.earlier_messages,
  };
}
