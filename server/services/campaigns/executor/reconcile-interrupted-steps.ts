// A step left `sending` was interrupted between writing its intent and recording its outcome (the
// process died, or LinkedIn timed out). Passes run one at a time, so at the start of a pass every
// such step is a leftover: ask LinkedIn whether it happened; record it if so, else forget the intent
// so the step runs again. Nothing is sent twice.
import { db } from "../../../db/client";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { recordStepSuccess, type SentDetails } from "./record-step-success";

export async function reconcileInterruptedSteps(): Promise<{ recorded: number; retried: number }> {
  const leftovers = await db.campaignLeadStep.findMany({ where: { status: "sending" }, orderBy: { startedAt: "asc" }, take: 500 });
  let recorded = 0;
  let retried = 0;
  const provider = await getLinkedinProvider();
  for (const journal of leftovers) {
    const campaignLead = await db.campaignLead.findUnique({ where: { id: journal.campaignLeadId }, include: { lead: true, campaign: true } });
    const action = journal.actionId ? await db.senderAction.findUnique({ where: { id: journal.actionId }, include: { account: true } }) : null;
    if (!campaignLead || !action) {
      await db.campaignLeadStep.delete({ where: { id: journal.id } });
      if (action) await db.senderAction.delete({ where: { id: action.id } });
      retried++;
      continue;
    }
    const { campaign, ...lead } = campaignLead;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, journal.stepId);
    const sender = action.account;
    const memberId = lead.lead.memberId;
    let sent: SentDetails | null = null;
    try {
      if (journal.stepType === "visit_profile") {
        // A visit cannot be checked; counting it as done is the harmless side.
        sent = { kind: "visit" };
      } else if (journal.stepType === "invite" && memberId) {
        const profile = await provider.getProfile(sender.providerAccountId, lead.lead.profileUrl ?? lead.lead.publicIdentifier ?? memberId);
        if (profile.invitationPending || profile.connectionDegree === 1) {
          const invitations = await provider.listSentInvitations(sender.providerAccountId);
          const match = invitations.items.find((invitation) => invitation.memberId === memberId);
          sent = { kind: "invitation", providerRef: match?.invitationId ?? null, note: action.note };
        }
      } else if ((journal.stepType === "message" || journal.stepType === "inmail") && memberId) {
        const since = new Date(journal.startedAt.getTime() - 60_000);
        const messages = await provider.listMessages(sender.providerAccountId, { since });
        const match = messages.items.find((message) => message.isFromSender && message.counterpartMemberId === memberId);
        if (match) sent = { kind: journal.stepType as "message" | "inmail", chatId: match.chatId, messageId: match.messageId, text: match.text, at: match.at };
      }
    } catch (error) {
      logger.warn("Could not reconcile an interrupted step yet", { journalId: journal.id, error });
      continue;
    }
    if (sent && step) {
      await recordStepSuccess({ campaign, sequence, campaignLead: lead, sender, step, journalId: journal.id, actionId: action.id, sent });
      recorded++;
    } else {
      await db.$transaction([db.campaignLeadStep.delete({ where: { id: journal.id } }), db.senderAction.delete({ where: { id: action.id } })]);
      retried++;
    }
  }
  return { recorded, retried };
}
