import { z } from "zod";
import { ZListConversationsQuery, ZReplyInput, ZUpdateConversationInput } from "../../schemas/inbox";
import { actOnConversationLead } from "../../services/inbox/act-on-conversation-lead";
import { countUnreadConversations } from "../../services/inbox/count-unread-conversations";
import { getConversation } from "../../services/inbox/get-conversation";
import { listConversations } from "../../services/inbox/list-conversations";
import { replyToConversation } from "../../services/inbox/reply-to-conversation";
import { updateConversation } from "../../services/inbox/update-conversation";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });
const ZCampaignLeadRef = z.object({ campaignLeadId: z.string() });

export const inboxRouter = router({
  list: workspaceProcedure.input(ZListConversationsQuery).query(({ ctx, input }) => listConversations(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getConversation(ctx.actor, input.id)),
  // The navigation's badge: one count, polled.
  unreadCount: workspaceProcedure.query(({ ctx }) => countUnreadConversations(ctx.actor)),
  reply: workspaceProcedure.input(ZId.extend(ZReplyInput.shape)).mutation(({ ctx, input }) => replyToConversation(ctx.actor, input.id, { text: input.text })),
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateConversationInput }))
    .mutation(({ ctx, input }) => updateConversation(ctx.actor, input.id, input.changes)),
  stopLead: workspaceProcedure.input(ZCampaignLeadRef).mutation(({ ctx, input }) => actOnConversationLead(ctx.actor, input.campaignLeadId, "stop")),
  pauseLead: workspaceProcedure.input(ZCampaignLeadRef).mutation(({ ctx, input }) => actOnConversationLead(ctx.actor, input.campaignLeadId, "pause")),
  resumeLead: workspaceProcedure.input(ZCampaignLeadRef).mutation(({ ctx, input }) => actOnConversationLead(ctx.actor, input.campaignLeadId, "resume")),
});
