// A person held across every table Herald keeps about people (both channels, approvals, tasks, a
// list, the company database, a verification job, a webhook delivery naming them), and someone else
// who must stay: the privacy tests' seed (server/services/privacy).
import { db } from "../db/client";
import { now } from "../lib/clock";
import { encryptSecret } from "../lib/encryption";
import { addToDoNotContactList } from "../services/do-not-contact/add-do-not-contact-entries";
import { approvalCampaign, seedPendingComment, seedPendingVoiceNote } from "./approvals-seed";
import { createTestWorkspace } from "./factories";
import { campaignMessage, connectedProspect, emailCampaignLead, emailLead, prospectReplies, receivedEmail, sandboxMailbox, sandboxSender, sentCampaignEmail } from "./inbox-seed";

export const ADDRESS = "zephyrine.quackenbush@erase-me.example";
export const FIRST = "Zephyrine";
export const LAST = "Quackenbush";

export async function seedPerson() {
  const { actor, workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { seatLimit: 20 } });
  // LinkedIn: a connected prospect, a campaign message and their answer, and a LinkedIn action.
  const { sender, memberId } = await sandboxSender(actor);
  const prospect = await connectedProspect(actor, memberId);
  const lead = await db.lead.update({ where: { id: prospect.id }, data: { firstName: FIRST, lastName: LAST, email: ADDRESS, notes: `Met ${FIRST} at a fair`, sourceDetail: "CSV file zephyrine.csv" } });
  const linkedin = await campaignMessage({ actor, sender, lead, text: `Hello ${FIRST}` });
  await prospectReplies(actor, memberId, lead, `Hi, ${FIRST} ${LAST} here`);
  await db.senderAction.create({
    data: { workspaceId: actor.workspaceId, accountId: sender.id, leadId: lead.id, type: "visit", source: "campaign", status: "done", profileUrl: lead.profileUrl, publicIdentifier: lead.publicIdentifier, campaignLeadId: linkedin.campaignLead.id, createdAt: now(), updatedAt: now() },
  });
  await db.linkedinMessage.create({
    data: { workspaceId: actor.workspaceId, accountId: sender.id, leadId: lead.id, chatId: linkedin.chatId, providerMessageId: `voice-${lead.id}`, direction: "outbound", source: "campaign", text: "", voice: { audioKey: `sent-voice/${lead.id.toLowerCase()}`, mimeType: "audio/wav", durationMs: 1000 }, at: now(), createdAt: now() },
  });
  // E-mail: a campaign e-mail, the person's reply, a bounce record and the address's verification.
  const mailbox = await sandboxMailbox(actor.workspaceId);
  const { campaign, campaignLead } = await emailCampaignLead(actor, mailbox.id, lead.id);
  const thread = { workspaceId: actor.workspaceId, mailboxId: mailbox.id, mailboxEmail: mailbox.email, leadId: lead.id, campaignId: campaign.id, campaignLeadId: campaignLead.id };
  const first = await sentCampaignEmail(thread, { subject: `A question for ${FIRST}`, text: `Hi ${FIRST}`, to: ADDRESS });
  await receivedEmail(thread, { kind: "reply", text: `Regards, ${FIRST} ${LAST}`, from: ADDRESS, root: first.messageId, inReplyTo: first.messageId });
  await db.emailMessage.create({
    data: { workspaceId: actor.workspaceId, mailboxId: mailbox.id, direction: "inbound", source: "unmatched", status: "received", messageId: "<loose@erase-me.example>", threadRootId: "<loose@erase-me.example>", fromAddress: `${FIRST} <${ADDRESS.toUpperCase()}>`, toAddress: mailbox.email, subject: "Out of office", text: "Away", createdAt: now(), updatedAt: now() },
  });
  await db.deadEmailAddress.create({ data: { workspaceId: actor.workspaceId, address: ADDRESS, message: `550 ${ADDRESS} unknown`, createdAt: now() } });
  await db.addressVerification.create({ data: { workspaceId: actor.workspaceId, address: ADDRESS, status: "invalid", check: "dead-address", reason: "An earlier e-mail bounced", checkedAt: now() } });
  // A verification job of leads added, part-way through the addresses it holds.
  const verificationJob = await db.verificationJob.create({
    data: { workspaceId: actor.workspaceId, source: "leads-added", status: "running", addresses: ["first@keep.example", ADDRESS, "last@keep.example"], total: 3, checked: 1, createdAt: now() },
  });
  await addToDoNotContactList({ workspaceId: actor.workspaceId, entries: [{ kind: "email", value: ADDRESS, reason: "manual", note: `${FIRST} asked` }], at: now() });
  // Approvals and tasks: a pending comment, a voice note with its audio, a manual task.
  const approvals = await approvalCampaign(actor);
  const { campaignLead: commented } = await seedPendingComment({ actor, campaign: approvals, sender, lead, comment: `Great post, ${FIRST}!` });
  const { draft: voice } = await seedPendingVoiceNote({ actor, campaign: await approvalCampaign(actor, "Voice"), sender, lead });
  await db.storedFile.create({ data: { workspaceId: actor.workspaceId, name: `${FIRST}.wav`, key: voice.audioKey, mimeType: "audio/wav", size: 10, createdAt: now() } });
  await db.manualTask.create({
    data: { workspaceId: actor.workspaceId, campaignId: approvals.id, campaignLeadId: commented.id, leadId: lead.id, stepId: "call", kind: "call", instructions: `Call ${FIRST}`, dueAt: now(), createdAt: now(), updatedAt: now() },
  });
  // A list, the company database, and a webhook delivery whose payload names the person.
  const list = await db.leadList.create({ data: { workspaceId: actor.workspaceId, name: "Fair contacts", createdAt: now(), updatedAt: now() } });
  await db.leadListEntry.create({ data: { listId: list.id, leadId: lead.id, addedAt: now() } });
  await db.person.create({ data: { externalId: `p-${lead.id}`, firstName: FIRST, lastName: LAST, email: ADDRESS, linkedinUrl: lead.profileUrl } });
  const endpoint = await db.webhookEndpoint.create({
    data: { workspaceId: actor.workspaceId, url: "https://hooks.example/herald", events: ["*"], secretEncrypted: encryptSecret("whsec_test"), createdAt: now(), updatedAt: now() },
  });
  const payload = { event: "lead.replied", data: { lead: { email: ADDRESS, firstName: FIRST, lastName: LAST } } };
  const event = await db.outboxEvent.create({ data: { workspaceId: actor.workspaceId, event: "lead.replied", data: payload.data, createdAt: now() } });
  await db.webhookDelivery.create({ data: { workspaceId: actor.workspaceId, webhookId: endpoint.id, outboxEventId: event.id, event: "lead.replied", url: endpoint.url, payload, createdAt: now() } });
  // Someone else in the same workspace, who must stay.
  const other = await emailLead(actor.workspaceId, { firstName: "Bartholomew", lastName: "Other", email: "bart@keep.example" });
  return { actor, lead, other, voiceKey: voice.audioKey, verificationJob };
}
