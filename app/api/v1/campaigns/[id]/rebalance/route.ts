// POST /api/v1/campaigns/{id}/rebalance – move a sender's not-yet-contacted leads to the other senders
import { apiRoute } from "@/server/http/api-route";
import { rebalanceCampaignSenderOperation } from "@/server/openapi/operations/campaigns/rebalance-campaign-sender";
import { rebalanceCampaignSender } from "@/server/services/campaigns/rebalance-campaign-sender";

export const POST = apiRoute(rebalanceCampaignSenderOperation, async ({ actor, params, body }) => ({
  data: await rebalanceCampaignSender(actor, params.id, body),
}));
