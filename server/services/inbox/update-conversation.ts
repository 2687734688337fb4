// Marks a conversation read or unread, and sets the interest of its lead in its campaign (by hand:
// interestBy `manual`). Both in one transaction; the answer is the conversation's summary after.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { ZUpdateConversationInput, type TConversationSummary, type TUpdateConversationInput } from "../../schemas/inbox";
import { setCampaignLeadInterest } from "../campaigns/set-campaign-lead-interest";
import { setCampaignLeadOutcome } from "../campaigns/set-campaign-lead-outcome";
import { findConversation } from "./find-conversation";
import { toConversationSummaries } from "./to-conversation-summaries";

export async function updateConversation(actor: Actor, conversationId: string, input: TUpdateConversationInput): Promise<TConversationSummary> {
  const changes = parseInput(ZUpdateConversationInput, input);
  const conversation = await findConversation(actor, conversationId);
  for (const field of ["interest", "outcome"] as const) {
    if (changes[field] !== undefined && !conversation.campaignLeadId) {
      throw HeraldError.invalidInput(`Invalid ${field}: this conversation's lead is in no campaign, and ${field} is kept per campaign lead`, [
        { field, message: "needs a lead in a campaign" },
      ]);
    }
  }
  await db.$transaction(async (tx) => {
    if (changes.unread !== undefined) {
      await tx.conversation.update({ where: { id: conversation.id }, data: { unread: changes.unread, updatedAt: now() } });
    }
    if (changes.interest !== undefined) await setCampaignLeadInterest(actor, conversation.campaignLeadId!, changes.interest, tx);
    if (changes.outcome !== undefined) await setCampaignLeadOutcome(actor, conversation.campaignLeadId!, changes.outcome, tx);
  });
  const [summary] = await toConversationSummaries([await findConversation(actor, conversationId)], actor.workspaceId);
  return summary!;
}
