// A step left `sending` was interrupted between writing its intent and recording its outcome (the
// process died, or LinkedIn timed out): ask LinkedIn whether it happened; record it if so, else
// forget the intent so the step runs again. Nothing is sent twice. Only a step no turn is still
// working on may be reconciled: a sender's turn reconciles its own sender's intents first (turns of
// one sender never overlap), and a pass only intents older than any turn can run. E-mail steps are
// reconciled with their mailbox's provider (reconcile-interrupted-emails.ts) in the same way.
import { db } from "../../../db/client";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import type { Page } from "../../../providers/linkedin/types";
import { EMAIL_STEP_TYPES } from "../../../domain/sequence/turn-policy";
import { inmailSpendsCredit, isConnected } from "../../../domain/sequence/decide-step";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { reconcileInterruptedEmails } from "./reconcile-interrupted-emails";
import { recordStepSuccess, type SentDetails } from "./record-step-success";

const MAX_PAGES = 20;
/** Steps sent as a LinkedIn message (a voice note is a message with audio). */
const MESSAGE_LIKE = new Set(["message", "inmail", "ai_voice_note", "voice_note"]);

/** Looks through a provider's pages for an item; a match beyond the pages read counts as not found. */
async function findInPages<T>(read: (cursor: string | null) => Promise<Page<T>>, matches: (item: T) => boolean): Promise<T | null> {
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result: Page<T> = await read(cursor);
    const found = result.items.find(matches);
    if (found) return found;
    if (!result.cursor) return null;
    cursor = result.cursor;
  }
  throw new Error("Too many pages to reconcile an interrupted step; will retry");
}

/**
 * `senderId`: only the intents of that sender's leads (its turn reconciles them: turns of one
 * sender never overlap); `mailboxId`: only that mailbox's e-mails, likewise. `startedBefore`: only
 * intents older than any turn still running.
 */
export async function reconcileInterruptedSteps(scope: { senderId?: string; mailboxId?: string; startedBefore?: Date } = {}): Promise<{ recorded: number; retried: number }> {
  if (scope.mailboxId) return reconcileInterruptedEmails({ mailboxId: scope.mailboxId, startedBefore: scope.startedBefore });
  const emails = scope.senderId ? { recorded: 0, retried: 0 } : await reconcileInterruptedEmails({ startedBefore: scope.startedBefore });
  const linkedin = await reconcileLinkedinSteps(scope);
  return { recorded: emails.recorded + linkedin.recorded, retried: emails.retried + linkedin.retried };
}

async function reconcileLinkedinSteps(scope: { senderId?: string; startedBefore?: Date }): Promise<{ recorded: number; retried: number }> {
  const leftovers = await db.campaignLeadStep.findMany({
    where: {
      status: "sending",
      stepType: { notIn: [...EMAIL_STEP_TYPES] },
      ...(scope.senderId ? { campaignLead: { linkedinAccountId: scope.senderId } } : {}),
      ...(scope.startedBefore ? { startedAt: { lt: scope.startedBefore } } : {}),
    },
    orderBy: { startedAt: "asc" },
    take: 500,
  });
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
      const since = new Date(journal.startedAt.getTime() - 60_000);
      if (journal.stepType === "visit_profile") {
        // Where the provider cannot tell, the visit counts as made: a second visit is the worse side.
        const visited = memberId && provider.visitedProfileSince ? await provider.visitedProfileSince(sender.providerAccountId, memberId, since) : true;
        if (visited) sent = { kind: "visit" };
      } else if (journal.stepType === "invite" && memberId) {
        const profile = await provider.getProfile(sender.providerAccountId, lead.lead.profileUrl ?? lead.lead.publicIdentifier ?? memberId);
        if (profile.invitationPending || isConnected(profile)) {
          const match = await findInPages((cursor) => provider.listSentInvitations(sender.providerAccountId, cursor), (invitation) => invitation.memberId === memberId);
          sent = { kind: "invitation", providerRef: match?.invitationId ?? null, note: action.note };
        }
      } else if (journal.stepType === "like_post" || journal.stepType === "follow") {
        // Neither can be read back; both are idempotent on LinkedIn, and counting them as made sends nothing twice.
        sent = { kind: "visit" };
      } else if (journal.stepType === "comment_post") {
        // LinkedIn cannot be asked whether a comment was posted: it counts as made (a second comment is the worse side).
        sent = { kind: "comment", commentId: null };
      } else if (MESSAGE_LIKE.has(journal.stepType) && memberId) {
        const match = await findInPages(
          (cursor) => provider.listMessages(sender.providerAccountId, { since, cursor }),
          (message) => message.isFromSender && message.counterpartMemberId === memberId,
        );
        if (match) sent = {
            kind: journal.stepType === "inmail" ? "inmail" : "message",
            chatId: match.chatId,
            messageId: match.messageId,
            text: match.text,
            at: match.at,
            spentInmailCredit: journal.stepType === "inmail" && inmailSpendsCredit(lead.lead),
          };
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
