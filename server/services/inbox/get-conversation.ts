// One conversation of the inbox: its summary, its messages oldest first, the card of the lead in the
// conversation's campaign (status, current step by name, interest), whether it can be answered, and
// the lead's messages in its other conversations (the other channel's), for one timeline.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { stepLabel } from "../../domain/sequence/step-label";
import { toIso } from "../../schemas/common";
import { ZInterestValue, type TConversation } from "../../schemas/inbox";
import { sequenceOf } from "../campaigns/executor/load-campaign-sequence";
import { conversationMessages } from "./conversation-messages";
import { leadElsewhere } from "./lead-elsewhere";
import { findConversation } from "./find-conversation";
import { findReplyBlocker } from "./reply-blocker";
import { toConversationSummaries } from "./to-conversation-summaries";

const MOVING = new Set(["pending", "running", "paused"]);

async function campaignLeadCard(campaignLeadId: string | null, workspaceId: string): Promise<TConversation["campaignLead"]> {
  if (!campaignLeadId) return null;
  const row = await db.campaignLead.findFirst({ where: { id: campaignLeadId, workspaceId }, include: { campaign: { select: { sequence: true } } } });
  if (!row) return null;
  const stepId = row.currentStepId && MOVING.has(row.status) ? row.currentStepId : null;
  const steps = sequenceOf(row.campaign).steps;
  const type = steps.find((step) => step.id === stepId)?.type ?? row.currentStepType ?? "";
  const interest = ZInterestValue.safeParse(row.interest);
  return {
    id: row.id,
    status: row.status,
    currentStep: stepId ? { id: stepId, type, label: stepLabel(steps, stepId, type) } : null,
    interest: interest.success ? interest.data : null,
    interestBy: row.interestBy,
    outcome: row.outcome,
    lastReplyAt: toIso(row.lastReplyAt),
  };
}

export async function getConversation(actor: Actor, conversationId: string): Promise<TConversation> {
  const row = await findConversation(actor, conversationId);
  const conversation = { ...row, workspaceId: actor.workspaceId };
  const [[summary], messages, card, reply, elsewhere] = await Promise.all([
    toConversationSummaries([row], actor.workspaceId),
    conversationMessages(conversation),
    campaignLeadCard(row.campaignLeadId, actor.workspaceId),
    findReplyBlocker(conversation),
    leadElsewhere(row, actor.workspaceId),
  ]);
  return { ...summary!, campaignLead: card, messages, canReply: reply.blocker === null, cannotReplyReason: reply.blocker?.message ?? null, elsewhere };
}
