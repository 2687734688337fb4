// Conversations for the inbox's tests, made the way Herald makes them: a campaign with a lead on each
// channel; on LinkedIn a connected sandbox sender whose campaign message goes through the sandbox
// provider and is recorded by the executor's own recordStepSuccess, the prospect's answer through the
// provider's activity; on e-mail a sandbox mailbox whose campaign e-mail is written as an intent and
// then marked sent, and replies stored as the inbound pipeline stores them (then given their kind).
import { randomBytes } from "node:crypto";
import { db } from "../db/client";
import type { Lead, LinkedinAccount } from "../db/generated/client";
import type { Actor } from "../lib/actor";
import { now, type ManualClock } from "../lib/clock";
import { getLinkedinProvider } from "../providers/linkedin";
import { ensureSandboxDirectory } from "../providers/linkedin/sandbox/store";
import { ZCreateCampaignInput } from "../schemas/campaign";
import { ZConnectSenderInput } from "../schemas/sender";
import { createCampaign } from "../services/campaigns/create-campaign";
import { sequenceOf } from "../services/campaigns/executor/load-campaign-sequence";
import { recordStepSuccess } from "../services/campaigns/executor/record-step-success";
import { recordProviderActivity } from "../services/linkedin-activity/record-provider-activity";
import { replyAsSandboxProspect } from "../services/sandbox/act-as-prospect";
import { connectSender } from "../services/senders/connect-sender";
import { createTestWorkspace } from "./factories";

let sequence = 0;
const unique = () => `${++sequence}${randomBytes(3).toString("hex")}`;

export async function inboxWorkspace() {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { seatLimit: 20 } });
  return context;
}

export async function campaignWithSteps(actor: Actor, name: string, steps: unknown[]) {
  const created = await createCampaign(actor, ZCreateCampaignInput.parse({ name, sequence: { steps } }));
  return db.campaign.findUniqueOrThrow({ where: { id: created.id } });
}

// --- LinkedIn -------------------------------------------------------------------------------------

export async function sandboxSender(actor: Actor, label = "Rep") {
  await ensureSandboxDirectory();
  const outcome = await connectSender(actor, ZConnectSenderInput.parse({ username: `rep${unique()}@example.com`, password: "x", label }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: outcome.account.id } });
  const session = await db.sandboxSession.findUniqueOrThrow({ where: { id: sender.providerAccountId } });
  return { sender, memberId: session.memberId };
}

/** A directory prospect connected to the sender, as a lead of the workspace. */
export async function connectedProspect(actor: Actor, senderMemberId: string, skip = 0): Promise<Lead> {
  const taken = await db.lead.findMany({ where: { workspaceId: actor.workspaceId, memberId: { not: null } }, select: { memberId: true } });
  const prospect = await db.sandboxMember.findFirstOrThrow({
    where: { username: null, id: { notIn: taken.map((lead) => lead.memberId!) } },
    orderBy: { id: "asc" },
    skip,
  });
  await db.sandboxRelation.createMany({
    data: [
      { memberId: senderMemberId, otherMemberId: prospect.id, connectedAt: now() },
      { memberId: prospect.id, otherMemberId: senderMemberId, connectedAt: now() },
    ],
    skipDuplicates: true,
  });
  return db.lead.create({
    data: {
      workspaceId: actor.workspaceId,
      memberId: prospect.id,
      publicIdentifier: prospect.publicIdentifier,
      profileUrl: `https://www.linkedin.com/in/${prospect.publicIdentifier}`,
      firstName: prospect.firstName,
      lastName: prospect.lastName,
      company: prospect.company,
      jobTitle: prospect.jobTitle,
      source: "api",
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

/** A campaign message to the lead, sent through the sandbox provider and recorded by the executor's recordStepSuccess. */
export async function campaignMessage(options: { actor: Actor; sender: LinkedinAccount; lead: Lead; text: string; campaignName?: string }) {
  const campaign = await campaignWithSteps(options.actor, options.campaignName ?? "LinkedIn outreach", [
    { id: "hello", type: "message", config: { text: "Hello {{firstName}}" } },
    { id: "bump", type: "message", parent: "hello", branch: "no", config: { text: "Any thoughts?" } },
  ]);
  const campaignLead = await db.campaignLead.create({
    data: {
      workspaceId: options.actor.workspaceId,
      campaignId: campaign.id,
      leadId: options.lead.id,
      linkedinAccountId: options.sender.id,
      status: "running",
      currentStepId: "hello",
      currentStepType: "message",
      createdAt: now(),
      updatedAt: now(),
    },
    include: { lead: true },
  });
  const sequenceOfCampaign = sequenceOf(campaign);
  const step = sequenceOfCampaign.steps[0]!;
  const journal = await db.campaignLeadStep.create({
    data: { campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: step.id, stepType: step.type, status: "sending", startedAt: now() },
  });
  const provider = await getLinkedinProvider();
  const message = await provider.sendMessage(options.sender.providerAccountId, { memberId: options.lead.memberId!, text: options.text });
  await recordStepSuccess({
    campaign,
    sequence: sequenceOfCampaign,
    campaignLead,
    sender: options.sender,
    step,
    journalId: journal.id,
    actionId: null,
    sent: { kind: "message", chatId: message.chatId, messageId: message.messageId, text: options.text, at: message.sentAt },
  });
  return { campaign, campaignLead, chatId: message.chatId };
}

/** The prospect answers on LinkedIn; Herald takes it in as the provider's activity. */
export async function prospectReplies(actor: Actor, senderMemberId: string, lead: Lead, text: string) {
  await replyAsSandboxProspect(actor, { prospectMemberId: lead.memberId!, senderMemberId, text });
}

/** A LinkedIn conversation: a campaign message from a connected sandbox sender, and the prospect's answer a minute later. */
export async function linkedinConversationSeed(actor: Actor, clock: ManualClock, texts: { sent: string; reply: string }, senderLabel?: string) {
  const { sender, memberId } = await sandboxSender(actor, senderLabel);
  const lead = await connectedProspect(actor, memberId);
  const sent = await campaignMessage({ actor, sender, lead, text: texts.sent });
  clock.advance(60_000);
  await prospectReplies(actor, memberId, lead, texts.reply);
  const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: actor.workspaceId, chatId: sent.chatId } } });
  return { sender, memberId, lead, ...sent, conversation };
}

/** The provider reports a message the sender wrote (a webhook, polling), as it does for every message of a chat. */
export async function providerReportsSenderMessage(sender: LinkedinAccount, lead: Lead, message: { chatId: string; providerMessageId: string; text: string; at: Date }) {
  await recordProviderActivity("sandbox", {
    kind: "message.created",
    providerAccountId: sender.providerAccountId,
    chatId: message.chatId,
    messageId: message.providerMessageId,
    counterpartMemberId: lead.memberId!,
    isFromSender: true,
    text: message.text,
    at: message.at.toISOString(),
  });
}

// --- E-mail ---------------------------------------------------------------------------------------

export async function sandboxMailbox(workspaceId: string, overrides: { label?: string; signature?: string | null; email?: string } = {}) {
  return db.mailbox.create({
    data: {
      workspaceId,
      label: overrides.label ?? "Sales",
      email: overrides.email ?? `sales${unique()}@acme.example`,
      fromName: "Sam Seller",
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      signature: overrides.signature ?? null,
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

export async function emailLead(workspaceId: string, fields: { firstName?: string; lastName?: string; email?: string } = {}) {
  return db.lead.create({
    data: {
      workspaceId,
      email: fields.email ?? `ada${unique()}@prospect.example`,
      firstName: fields.firstName ?? "Ada",
      lastName: fields.lastName ?? "Lovelace",
      company: "Analytical Engines",
      source: "api",
      createdAt: now(),
      updatedAt: now(),
    },
  });
}

export async function emailCampaignLead(actor: Actor, mailboxId: string, leadId: string, campaignName = "E-mail outreach") {
  const campaign = await campaignWithSteps(actor, campaignName, [
    { id: "first", type: "email", config: { subject: "Quick question", text: "Hi {{firstName}}" } },
    { id: "bump", type: "email", parent: "first", config: { subject: "ignored", text: "Bumping this." } },
  ]);
  const campaignLead = await db.campaignLead.create({
    data: {
      workspaceId: actor.workspaceId,
      campaignId: campaign.id,
      leadId,
      emailAccountId: mailboxId,
      status: "running",
      currentStepId: "bump",
      currentStepType: "email",
      emailContacted: true,
      createdAt: now(),
      updatedAt: now(),
    },
  });
  return { campaign, campaignLead };
}

type Thread = { workspaceId: string; mailboxId: string; mailboxEmail: string; leadId: string; campaignId: string | null; campaignLeadId: string | null };

const threadColumns = ({ mailboxEmail: _address, ...columns }: Thread) => columns;

/** A campaign e-mail as the executor writes it: the intent (`sending`), then marked sent. */
export async function sentCampaignEmail(thread: Thread, fields: { subject: string; text: string; to: string; root?: string; inReplyTo?: string; references?: string[] }) {
  const messageId = `<c${unique()}@acme.example>`;
  const intent = await db.emailMessage.create({
    data: {
      ...threadColumns(thread),
      stepId: fields.root ? "bump" : "first",
      direction: "outbound",
      source: "campaign",
      status: "sending",
      messageId,
      threadRootId: fields.root ?? messageId,
      inReplyTo: fields.inReplyTo ?? null,
      references: fields.references ?? [],
      threaded: Boolean(fields.root),
      fromAddress: thread.mailboxEmail,
      toAddress: fields.to,
      subject: fields.subject,
      text: fields.text,
      createdAt: now(),
      updatedAt: now(),
    },
  });
  return db.emailMessage.update({ where: { id: intent.id }, data: { status: "sent", sentAt: now(), updatedAt: now() } });
}

/** An e-mail that arrived in the mailbox, stored as the inbound pipeline stores it, then given its kind. */
export async function receivedEmail(
  thread: Thread,
  fields: { kind: "reply" | "auto-reply" | "bounce" | "complaint"; text: string; from: string; root: string; inReplyTo: string; subject?: string; at?: Date },
) {
  const at = fields.at ?? now();
  const row = await db.emailMessage.create({
    data: {
      ...threadColumns(thread),
      direction: "inbound",
      source: "campaign",
      status: "received",
      messageId: `<r${unique()}@prospect.example>`,
      threadRootId: fields.root,
      inReplyTo: fields.inReplyTo,
      references: [fields.root, fields.inReplyTo].filter((id, index, all) => all.indexOf(id) === index),
      fromAddress: fields.from,
      toAddress: thread.mailboxEmail,
      subject: fields.subject ?? "Re: Quick question",
      text: fields.text,
      sentAt: at,
      createdAt: at,
      updatedAt: at,
    },
  });
  return db.emailMessage.update({ where: { id: row.id }, data: { kind: fields.kind } });
}

/** An e-mail conversation: a lead in a campaign, its campaign e-mail sent from a sandbox mailbox. */
export async function emailConversationSeed(actor: Actor, options: { signature?: string | null; campaignName?: string; lead?: { firstName?: string; lastName?: string; email?: string } } = {}) {
  const mailbox = await sandboxMailbox(actor.workspaceId, { signature: options.signature });
  const lead = await emailLead(actor.workspaceId, options.lead);
  const { campaign, campaignLead } = await emailCampaignLead(actor, mailbox.id, lead.id, options.campaignName);
  const thread: Thread = { workspaceId: actor.workspaceId, mailboxId: mailbox.id, mailboxEmail: mailbox.email, leadId: lead.id, campaignId: campaign.id, campaignLeadId: campaignLead.id };
  const first = await sentCampaignEmail(thread, { subject: "Quick question", text: `Hi ${lead.firstName}`, to: lead.email! });
  const conversation = () => db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: actor.workspaceId, chatId: `email:${mailbox.id}:${first.messageId}` } } });
  return { mailbox, lead, campaign, campaignLead, thread, first, conversation };
}
