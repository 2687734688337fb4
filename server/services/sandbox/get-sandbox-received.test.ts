// The sandbox network keeps what a sender's comment and voice message carried: the comment with its
// post, the voice message's audio in file storage, served back to the Sandbox page through a signed
// address that a tampered or foreign copy cannot reuse.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { checkFileUrl } from "@/server/lib/signed-file-url";
import { getLinkedinProvider } from "@/server/providers/linkedin";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import { acceptInvitationAsProspect, publishPostAsProspect } from "@/server/providers/linkedin/sandbox/network-activity";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { getFileStorage, setFileStorage } from "@/server/providers/storage";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { silentWav } from "@/server/test/audio-fixtures";
import { createTestWorkspace } from "@/server/test/factories";
import { connectSender } from "../senders/connect-sender";
import { getSandboxReceived } from "./get-sandbox-received";
import { listSandboxProspects } from "./get-sandbox-overview";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "herald-sandbox-audio-"));
  setFileStorage(createFilesystemStorage(folder));
});
afterAll(async () => {
  setFileStorage(undefined);
  await rm(folder, { recursive: true, force: true });
});
afterEach(() => setClock(systemClock));

const START = "2026-05-04T10:20:00Z";

it("keeps a voice message's audio and a comment with its post, and shows them to the workspace that sent them only", async () => {
  const clock = new ManualClock(START);
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const other = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "voice-and-comment@example.com", password: "x", label: "Ada" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
  const provider = await getLinkedinProvider();
  const prospect = sandboxDirectory()[210]!;

  const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: prospect.id });
  await acceptInvitationAsProspect(invitation.invitationId);
  const audio = silentWav(100);
  const sent = await provider.sendMessage(sender.providerAccountId, {
    memberId: prospect.id,
    text: "",
    voiceNote: { mimeType: "audio/wav", content: audio.toString("base64"), durationMs: 100 },
  });
  const { postId } = await publishPostAsProspect({ prospectMemberId: prospect.id, text: "We are hiring two engineers in Lisbon." });
  const [post] = await provider.listRecentPosts(sender.providerAccountId, prospect.id);
  expect(post).toMatchObject({ postId, text: "We are hiring two engineers in Lisbon." });
  clock.advance(60_000);
  await provider.commentOnPost(sender.providerAccountId, postId, "Congratulations, Lisbon is a great choice!");

  const row = await db.sandboxMessage.findUniqueOrThrow({ where: { id: sent.messageId } });
  expect(row).toMatchObject({ kind: "voice_note", audioKey: `sandbox/${sent.messageId}.wav`, audioMimeType: "audio/wav", durationMs: 100 });
  const stored = await getFileStorage().get(row.audioKey!);
  expect(stored?.contentType).toBe("audio/wav");
  expect(stored?.body.equals(audio)).toBe(true);

  const received = await getSandboxReceived(actor);
  const name = `${prospect.firstName} ${prospect.lastName}`;
  expect(received.comments).toEqual([
    {
      id: expect.any(String),
      sender: "Ada",
      prospect: { name, profileUrl: expect.stringContaining(prospect.publicIdentifier) },
      post: { text: "We are hiring two engineers in Lisbon.", postedAt: "2026-05-04T10:20:00.000Z" },
      text: "Congratulations, Lisbon is a great choice!",
      at: "2026-05-04T10:21:00.000Z",
    },
  ]);
  expect(received.voiceMessages).toEqual([
    {
      id: sent.messageId,
      sender: "Ada",
      prospect: { name, profileUrl: expect.any(String) },
      text: "",
      durationMs: 100,
      audio: { url: expect.stringContaining(`/api/files/sandbox/${sent.messageId}.wav?expires=`), expiresAt: expect.any(String), mimeType: "audio/wav" },
      sentAt: "2026-05-04T10:20:00.000Z",
    },
  ]);
  // The address is signed for this key, stays the same within the hour (a playing player keeps its
  // source while the page refreshes) and is valid for at least an hour.
  const url = new URL(received.voiceMessages[0]!.audio!.url);
  const key = decodeURIComponent(url.pathname.replace(/^\/api\/files\//, ""));
  expect(checkFileUrl(key, url.searchParams.get("expires"), url.searchParams.get("signature"))).toBe("ok");
  expect(checkFileUrl(`sandbox/${sent.messageId}.mp3`, url.searchParams.get("expires"), url.searchParams.get("signature"))).toBe("invalid");
  clock.advance(30 * 60_000);
  expect((await getSandboxReceived(actor)).voiceMessages[0]!.audio!.url).toBe(url.toString());
  expect(checkFileUrl(key, url.searchParams.get("expires"), url.searchParams.get("signature"), new Date(clock.now().getTime() + 3_600_000))).toBe("ok");

  expect(await getSandboxReceived(other.actor)).toEqual({ comments: [], voiceMessages: [] });
});

it("refuses a voice message without audio, as LinkedIn does", async () => {
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "empty-voice@example.com", password: "x" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
  const provider = await getLinkedinProvider();
  const prospect = sandboxDirectory()[211]!;
  const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: prospect.id });
  await acceptInvitationAsProspect(invitation.invitationId);
  await expect(
    provider.sendMessage(sender.providerAccountId, { memberId: prospect.id, text: "", voiceNote: { mimeType: "audio/wav", content: "", durationMs: 0 } }),
  ).rejects.toMatchObject({ code: "action-failed", message: "The voice message has no audio" });
  expect(await db.sandboxMessage.count({ where: { toMemberId: prospect.id } })).toBe(0);
});

it("tells which prospects have a recent post, so a comment step's skip can be tried on purpose", async () => {
  // Seeded posts are 1 to 20 days old when the network is first filled (here, by the first test or this one).
  setClock(new ManualClock(START));
  await ensureSandboxDirectory();
  const { prospects } = await listSandboxProspects({ search: "Chen", limit: 4, offset: 0 });
  // Deterministic: Maya Chen has never posted, Lucas, Sofia and Noah Chen as docs/sandbox.md says.
  expect(prospects.map(({ name, recentPosts }) => ({ name, recentPosts }))).toEqual([
    { name: "Maya Chen", recentPosts: 0 },
    { name: "Lucas Chen", recentPosts: 3 },
    { name: "Sofia Chen", recentPosts: 1 },
    { name: "Noah Chen", recentPosts: 0 },
  ]);
});
