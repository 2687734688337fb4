// The Sandbox page's view of what prospects received that has more than text: comments on their
// posts (with the post) and voice messages (with their audio, through signed addresses).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { signedFileUrl } from "../../lib/signed-file-url";
import { linkedinProviderName } from "../../providers/linkedin";
import { sandboxProfileUrl } from "../../providers/linkedin/sandbox/directory";
import type { TSandboxReceived } from "../../schemas/sandbox";

const SHOWN = 50;
const HOUR_MS = 3_600_000;

/**
 * An address that stays the same for the whole hour (the page refreshes every few seconds, and a
 * player whose source changes stops), valid for at least an hour after the page read it.
 */
function audioUrl(key: string): { url: string; expiresAt: string } {
  const hourStart = new Date(Math.floor(now().getTime() / HOUR_MS) * HOUR_MS);
  const signed = signedFileUrl(key, { at: hourStart, expiresInSeconds: 2 * 3600 });
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

export async function getSandboxReceived(actor: Actor): Promise<TSandboxReceived> {
  if (linkedinProviderName() !== "sandbox") return { comments: [], voiceMessages: [] };
  const accounts = await db.linkedinAccount.findMany({
    where: { workspaceId: actor.workspaceId, provider: "sandbox" },
    select: { id: true, label: true, fullName: true, providerAccountId: true },
  });
  const sessions = await db.sandboxSession.findMany({ where: { id: { in: accounts.map((account) => account.providerAccountId) } }, select: { id: true, memberId: true } });
  const accountOfSession = new Map(accounts.map((account) => [account.providerAccountId, account]));
  const senderName = new Map(
    sessions.map((session) => {
      const account = accountOfSession.get(session.id)!;
      return [session.memberId, account.label || account.fullName || "A sender"];
    }),
  );
  const memberIds = [...senderName.keys()];
  if (!memberIds.length) return { comments: [], voiceMessages: [] };
  const [comments, voiceMessages] = await Promise.all([
    db.sandboxInteraction.findMany({ where: { memberId: { in: memberIds }, kind: "comment" }, orderBy: { at: "desc" }, take: SHOWN }),
    db.sandboxMessage.findMany({ where: { fromMemberId: { in: memberIds }, kind: "voice_note" }, orderBy: { sentAt: "desc" }, take: SHOWN }),
  ]);
  const postIds = comments.flatMap((row) => (row.postId ? [row.postId] : []));
  const [posts, people] = await Promise.all([
    postIds.length ? db.sandboxPost.findMany({ where: { id: { in: postIds } } }) : [],
    db.sandboxMember.findMany({
      where: { id: { in: [...comments.map((row) => row.targetId), ...voiceMessages.map((row) => row.toMemberId)] } },
      select: { id: true, firstName: true, lastName: true, publicIdentifier: true },
    }),
  ]);
  const post = new Map(posts.map((row) => [row.id, row]));
  const person = new Map(people.map((member) => [member.id, { name: `${member.firstName} ${member.lastName}`, profileUrl: sandboxProfileUrl(member.publicIdentifier) }]));
  return {
    comments: comments.map((row) => {
      const commented = row.postId ? post.get(row.postId) : undefined;
      return {
        id: row.id,
        sender: senderName.get(row.memberId) ?? "A sender",
        prospect: person.get(row.targetId) ?? null,
        post: commented ? { text: commented.text, postedAt: commented.postedAt.toISOString() } : null,
        text: row.text ?? "",
        at: row.at.toISOString(),
      };
    }),
    voiceMessages: voiceMessages.map((row) => ({
      id: row.id,
      sender: senderName.get(row.fromMemberId) ?? "A sender",
      prospect: person.get(row.toMemberId) ?? null,
      text: row.text,
      durationMs: row.durationMs,
      audio: row.audioKey ? { ...audioUrl(row.audioKey), mimeType: row.audioMimeType ?? "application/octet-stream" } : null,
      sentAt: row.sentAt.toISOString(),
    })),
  };
}
