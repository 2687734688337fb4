// A message step whose voice is an uploaded file: the executor reads the audio from file storage and
// the prospect receives it as a voice message (the sandbox network keeps the same bytes).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { getLinkedinProvider } from "@/server/providers/linkedin";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { acceptInvitationAsProspect } from "@/server/providers/linkedin/sandbox/network-activity";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { getFileStorage, setFileStorage } from "@/server/providers/storage";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZUploadFileInput } from "@/server/schemas/files";
import { ZLeadsInput } from "@/server/schemas/lead";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { silentWav } from "@/server/test/audio-fixtures";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace } from "@/server/test/factories";
import { uploadFile } from "./upload-file";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "herald-stored-voice-"));
  setFileStorage(createFilesystemStorage(folder));
});
afterAll(async () => {
  setFileStorage(undefined);
  await rm(folder, { recursive: true, force: true });
});
afterEach(() => setClock(systemClock));

it("sends a message step's uploaded recording as a voice message the prospect receives", async () => {
  const clock = new ManualClock("2026-03-03T08:55:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "stored-voice-rep@example.com", password: "x" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
  const prospect = sandboxDirectory()[220]!;
  // Already connected, so the first step can be a message.
  const provider = await getLinkedinProvider();
  const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: prospect.id });
  await acceptInvitationAsProspect(invitation.invitationId);

  const audio = silentWav(2000);
  const file = await uploadFile(actor, ZUploadFileInput.parse({ name: "hello.wav", mimeType: "audio/wav", content: audio.toString("base64") }));
  expect(file.durationMs).toBe(2000);
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Recorded hello",
      status: "active",
      linkedinAccountIds: [sender.id],
      sequence: { steps: [{ id: "hello", type: "message", config: { text: "Hi {{firstName}}, a quick hello", voice: { fileId: file.id } } }] },
      schedule: { timezone: "UTC", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) }] }));

  await driveCampaigns(clock, new Date("2026-03-03T12:00:00Z"));

  const received = await db.sandboxMessage.findMany({ where: { toMemberId: prospect.id } });
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ kind: "voice_note", text: `Hi ${prospect.firstName}, a quick hello`, audioMimeType: "audio/wav", durationMs: 2000 });
  const stored = await getFileStorage().get(received[0]!.audioKey!);
  expect(stored?.body.equals(audio)).toBe(true);
  const step = await db.campaignLeadStep.findFirstOrThrow({ where: { campaignId: campaign.id, stepId: "hello" } });
  expect(step.status).toBe("done");
});

it("sends a recorded voice note step's uploaded recording, and each sender's own, as voice messages", async () => {
  const clock = new ManualClock("2026-03-04T08:55:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const provider = await getLinkedinProvider();
  const senders = [];
  for (const name of ["recorded-voice-ada", "recorded-voice-bo"]) {
    const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}@example.com`, password: "x" }), { via: "api" });
    senders.push(await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } }));
  }
  // One prospect per sender, connected to both, so whichever sender a lead gets can write.
  const prospects = sandboxDirectory().slice(221, 223);
  for (const sender of senders) {
    for (const prospect of prospects) {
      const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: prospect.id });
      await acceptInvitationAsProspect(invitation.invitationId);
    }
  }
  const shared = silentWav(1000);
  const own = silentWav(3000);
  const sharedFile = await uploadFile(actor, ZUploadFileInput.parse({ name: "team.wav", mimeType: "audio/wav", content: shared.toString("base64") }));
  const ownFile = await uploadFile(actor, ZUploadFileInput.parse({ name: "bo.wav", mimeType: "audio/wav", content: own.toString("base64") }));
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Recorded notes",
      status: "active",
      linkedinAccountIds: senders.map((sender) => sender.id),
      sequence: {
        steps: [
          { id: "note", type: "voice_note", config: { voice: { fileId: sharedFile.id }, voiceAssignments: [{ linkedinAccountId: senders[1]!.id, voice: { fileId: ownFile.id } }] } },
        ],
      },
      schedule: { timezone: "UTC", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));

  await driveCampaigns(clock, new Date("2026-03-04T15:00:00Z"));

  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id } });
  expect(leads).toHaveLength(2);
  expect(new Set(leads.map((campaignLead) => campaignLead.linkedinAccountId)).size).toBe(2);
  for (const campaignLead of leads) {
    const sender = senders.find((candidate) => candidate.id === campaignLead.linkedinAccountId)!;
    const lead = await db.lead.findUniqueOrThrow({ where: { id: campaignLead.leadId } });
    const [received] = await db.sandboxMessage.findMany({ where: { fromMemberId: sender.memberId!, toMemberId: lead.memberId!, kind: "voice_note" } });
    expect(received, `a voice message from ${sender.id}`).toBeDefined();
    const expected = sender.id === senders[1]!.id ? own : shared;
    expect((await getFileStorage().get(received!.audioKey!))?.body.equals(expected)).toBe(true);
    expect(received!.durationMs).toBe(sender.id === senders[1]!.id ? 3000 : 1000);
  }
});
