// GET for the lead page: one lead of a campaign, its profile (the user's values beside what the
// provider says), its current step by name, and its timeline. A fixed number of queries, each
// bounded by this one lead, read from one snapshot: a turn committing between two of them would
// otherwise show a step done while the lead still stands on it.
import { db, Prisma, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { stepLabel } from "../../domain/sequence/step-label";
import { leadSourceInWords } from "../../domain/privacy/lead-source";
import type { TLeadTimeline } from "../../schemas/lead-timeline";
import { profileFieldViews } from "../leads/merge-provider-profile";
import { sequenceOf } from "./executor/load-campaign-sequence";
import { findCampaignLead } from "./find-campaign-lead";
import { leadTimelineEvents } from "./lead-timeline-events";
import { toCampaignLeads } from "./to-campaign-lead";

const FIELD_LABELS = {
  firstName: "First name",
  lastName: "Last name",
  headline: "Headline",
  jobTitle: "Job title",
  company: "Company",
  location: "Location",
  picture: "Picture",
} as const;

const mailboxName = (mailbox: { label: string; email: string }) => mailbox.label || mailbox.email;

export async function getLeadTimeline(actor: Actor, campaignId: string, leadId: string): Promise<TLeadTimeline> {
  return db.$transaction((tx) => readLeadTimeline(tx, actor, campaignId, leadId), { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead });
}

async function readLeadTimeline(client: DbClient, actor: Actor, campaignId: string, leadId: string): Promise<TLeadTimeline> {
  const row = await findCampaignLead(actor, campaignId, leadId, client);
  const draftOf = { where: { campaignLeadId: row.id }, select: { stepId: true, status: true, createdAt: true, decidedAt: true, updatedAt: true }, orderBy: { createdAt: "asc" as const } };
  const [campaign, journal, actions, messages, emails, statusEvents, entries, campaignLead, comments, voiceNotes] = await Promise.all([
    client.campaign.findUniqueOrThrow({ where: { id: row.campaignId } }),
    client.campaignLeadStep.findMany({ where: { campaignLeadId: row.id }, orderBy: { startedAt: "asc" } }),
    client.senderAction.findMany({
      where: { leadId: row.leadId, OR: [{ campaignLeadId: row.id }, { source: "direct" }] },
      include: { account: { select: { label: true, fullName: true } } },
      orderBy: { createdAt: "asc" },
    }),
    client.linkedinMessage.findMany({ where: { leadId: row.leadId, at: { gte: row.createdAt } }, orderBy: { at: "asc" } }),
    client.emailMessage.findMany({
      where: { campaignLeadId: row.id },
      select: {
        id: true,
        mailboxId: true,
        stepId: true,
        direction: true,
        status: true,
        kind: true,
        subject: true,
        text: true,
        threaded: true,
        sentAt: true,
        createdAt: true,
        openedAt: true,
        clickedAt: true,
        error: true,
        bouncedAt: true,
        bounceKind: true,
        bounceMessage: true,
        complainedAt: true,
        mailbox: { select: { label: true, email: true } },
      },
      orderBy: { createdAt: "asc" },
    }),
    client.outboxEvent.findMany({
      where: { workspaceId: actor.workspaceId, event: "lead.status_changed", createdAt: { gte: row.createdAt }, data: { path: ["campaignLeadId"], equals: row.id } },
      orderBy: { createdAt: "asc" },
    }),
    client.leadListEntry.findMany({ where: { leadId: row.leadId }, include: { list: { select: { id: true, name: true } } }, orderBy: { addedAt: "asc" } }),
    toCampaignLeads([row], client),
    client.pendingComment.findMany(draftOf),
    client.pendingVoiceNote.findMany(draftOf),
  ]);
  const steps = sequenceOf(campaign).steps;
  const stepName = (stepId: string, stepType: string) => stepLabel(steps, stepId, stepType);
  const senderNames = new Map(actions.map((action) => [action.accountId, action.account.label || action.account.fullName || "a sender"]));
  const senderIds = [...new Set([row.linkedinAccountId, ...messages.map((message) => message.accountId)].filter((id): id is string => Boolean(id) && !senderNames.has(id!)))];
  if (senderIds.length) {
    for (const account of await client.linkedinAccount.findMany({ where: { id: { in: senderIds }, workspaceId: actor.workspaceId }, select: { id: true, label: true, fullName: true } })) {
      senderNames.set(account.id, account.label || account.fullName || "a sender");
    }
  }
  const senderName = (id: string | null) => (id ? (senderNames.get(id) ?? "a sender") : "a sender");
  const mailbox = row.emailAccountId
    ? (emails.find((email) => email.mailboxId === row.emailAccountId)?.mailbox ??
      (await client.mailbox.findFirst({ where: { id: row.emailAccountId, workspaceId: actor.workspaceId }, select: { label: true, email: true } })))
    : null;
  const current = row.currentStepId && (row.status === "pending" || row.status === "running" || row.status === "paused") ? row.currentStepId : null;

  return {
    campaignLead: campaignLead[0]!,
    campaign: { id: campaign.id, name: campaign.name, status: campaign.status as TLeadTimeline["campaign"]["status"] },
    senderName: row.linkedinAccountId ? senderName(row.linkedinAccountId) : null,
    mailboxName: mailbox ? mailboxName(mailbox) : null,
    currentStep: current ? { id: current, label: stepName(current, row.currentStepType ?? "") } : null,
    profile: profileFieldViews(row.lead).map((view) => ({ ...view, label: FIELD_LABELS[view.field] })),
    lists: entries.map((entry) => entry.list),
    provenance: {
      source: row.lead.source,
      sourceDetail: row.lead.sourceDetail,
      words: leadSourceInWords(row.lead.source, row.lead.sourceDetail),
      addedAt: row.lead.createdAt.toISOString(),
    },
    events: leadTimelineEvents({
      campaignLead: row,
      stepName,
      journal,
      actions: actions.map((action) => ({ ...action, senderName: senderName(action.accountId) })),
      messages: messages
        // Only messages with this campaign's sender, or while no sender held the lead.
        .filter((message) => !row.linkedinAccountId || message.accountId === row.linkedinAccountId || message.source !== "campaign")
        .map((message) => ({ ...message, senderName: senderName(message.accountId) })),
      emails: emails.map(({ mailbox: from, mailboxId: _mailboxId, ...email }) => ({ ...email, mailboxName: mailboxName(from) })),
      statusChanges: statusEvents.map((outbox) => ({ at: outbox.createdAt, newStatus: String((outbox.data as { newStatus?: unknown }).newStatus ?? "") })),
      drafts: [
        ...comments.map((draft) => ({ ...draft, kind: "comment" as const, stepType: "comment_post" })),
        ...voiceNotes.map((draft) => ({ ...draft, kind: "voice_note" as const, stepType: steps.find((step) => step.id === draft.stepId)?.type ?? "ai_voice_note" })),
      ],
    }),
  };
}
