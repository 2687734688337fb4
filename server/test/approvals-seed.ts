// Drafts waiting for approval, for the approvals tests and benchmark: a campaign with a comment step
// and an AI voice note step (whose no-reply branch bumps with a message), leads waiting on those
// steps in phase `approval`, and their drafts as the executor leaves them, the voice notes' audio in
// file storage. The rows are written directly: these tests are about deciding drafts, not making them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { db } from "../db/client";
import type { Campaign, Lead, LinkedinAccount } from "../db/generated/client";
import type { Actor } from "../lib/actor";
import { now } from "../lib/clock";
import { getFileStorage, setFileStorage } from "../providers/storage";
import { createFilesystemStorage } from "../providers/storage/filesystem-storage";
import { audioKey } from "../services/campaigns/drafts/speak-voice-note";
import { campaignWithSteps } from "./inbox-seed";

let sequence = 0;
const unique = () => `${++sequence}${Math.random().toString(36).slice(2, 7)}`;

/** File storage in a fresh temporary folder, so a test sees only its own files. */
export function useTemporaryFileStorage(): string {
  const root = mkdtempSync(join(tmpdir(), "herald-approvals-"));
  setFileStorage(createFilesystemStorage(root));
  return root;
}

/** A valid WAV file of silence (8 kHz, 16-bit mono) lasting `ms`. */
export function silentWav(ms: number): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write("WAVE", 8);
  wav.write("fmt ", 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

export const APPROVAL_STEPS = [
  { id: "comment", type: "comment_post", nextDelayHours: 2, config: { prompt: "Congratulate them on the post" } },
  { id: "voice", type: "ai_voice_note", parent: "comment", config: { script: "Hi {{firstName}}, a quick word about {{company}}", fallbackScript: "Hi there, a quick word" } },
  { id: "bump", type: "message", parent: "voice", branch: "no", config: { text: "Any thoughts, {{firstName}}?" } },
];

/** A LinkedIn sender row of the workspace (no session needed: nothing is sent here). */
export async function approvalSender(actor: Actor, label = "Rep"): Promise<LinkedinAccount> {
  return db.linkedinAccount.create({
    data: {
      workspaceId: actor.workspaceId,
      provider: "sandbox",
      providerAccountId: `sandbox-${unique()}`,
      label,
      fullName: `${label} Person`,
      connectionMethod: "password",
      connectedVia: "api",
      connectionStatus: "connected",
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

export async function approvalCampaign(actor: Actor, name = "Warm intros"): Promise<Campaign> {
  return campaignWithSteps(actor, name, APPROVAL_STEPS);
}

export async function approvalLead(actor: Actor, fields: { firstName?: string; company?: string } = {}): Promise<Lead> {
  const id = unique();
  return db.lead.create({
    data: {
      workspaceId: actor.workspaceId,
      publicIdentifier: `prospect-${id}`,
      profileUrl: `https://www.linkedin.com/in/prospect-${id}`,
      firstName: fields.firstName ?? "Ada",
      lastName: "Lovelace",
      company: fields.company ?? "Analytical Engines",
      headline: "Engines and numbers",
      source: "api",
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

/** A campaign lead waiting on `stepId` for a person's decision. */
async function leadWaitingOn(actor: Actor, campaign: Campaign, sender: LinkedinAccount, lead: Lead, stepId: string, stepType: string, status: "running" | "paused") {
  return db.campaignLead.create({
    data: {
      workspaceId: actor.workspaceId,
      campaignId: campaign.id,
      leadId: lead.id,
      linkedinAccountId: sender.id,
      status,
      phase: "approval",
      currentStepId: stepId,
      currentStepType: stepType,
      waitUntil: null,
      contacted: true,
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

export async function seedPendingComment(options: { actor: Actor; campaign: Campaign; sender: LinkedinAccount; lead?: Lead; leadStatus?: "running" | "paused"; comment?: string; createdAt?: Date }) {
  const lead = options.lead ?? (await approvalLead(options.actor));
  const campaignLead = await leadWaitingOn(options.actor, options.campaign, options.sender, lead, "comment", "comment_post", options.leadStatus ?? "running");
  const at = options.createdAt ?? now();
  const draft = await db.pendingComment.create({
    data: {
      workspaceId: options.actor.workspaceId,
      campaignId: options.campaign.id,
      campaignLeadId: campaignLead.id,
      leadId: lead.id,
      linkedinAccountId: options.sender.id,
      stepId: "comment",
      prompt: "Congratulate them on the post",
      comment: options.comment ?? "Congratulations on the launch, Ada!",
      postId: `post-${unique()}`,
      postUrl: `https://www.linkedin.com/feed/update/urn:li:activity:${unique()}`,
      postText: "We launched the Analytical Engine today.",
      postedAt: at,
      createdAt: at,
      updatedAt: at,
    },
  });
  return { lead, campaignLead, draft };
}

export async function seedPendingVoiceNote(options: { actor: Actor; campaign: Campaign; sender: LinkedinAccount; lead?: Lead; leadStatus?: "running" | "paused"; createdAt?: Date; storeAudio?: boolean }) {
  const lead = options.lead ?? (await approvalLead(options.actor));
  const campaignLead = await leadWaitingOn(options.actor, options.campaign, options.sender, lead, "voice", "ai_voice_note", options.leadStatus ?? "running");
  const key = audioKey(options.actor.workspaceId, "audio/wav");
  if (options.storeAudio !== false) await getFileStorage().put(key, silentWav(1500), "audio/wav");
  const at = options.createdAt ?? now();
  const draft = await db.pendingVoiceNote.create({
    data: {
      workspaceId: options.actor.workspaceId,
      campaignId: options.campaign.id,
      campaignLeadId: campaignLead.id,
      leadId: lead.id,
      linkedinAccountId: options.sender.id,
      stepId: "voice",
      kind: "ai",
      script: `Hi ${lead.firstName}, a quick word about ${lead.company}`,
      voiceId: "en",
      voiceName: "English",
      audioKey: key,
      audioMimeType: "audio/wav",
      durationMs: 1500,
      createdAt: at,
      updatedAt: at,
    },
  });
  return { lead, campaignLead, draft };
}
