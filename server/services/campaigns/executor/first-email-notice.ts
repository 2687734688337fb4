// Whether the e-mail being written is the lead's first from its campaign, and if so the campaign's
// notice line naming the data source, rendered for the lead (server/domain/privacy/source-notice.ts).
// Asked inside the intent's transaction, after the intent row exists: one query, and none for a
// campaign without a notice.
import type { DbClient } from "../../../db/client";
import type { Campaign } from "../../../db/generated/client";
import { sourceNoticeParts, type NoticeParts } from "../../../domain/privacy/source-notice";
import type { MergeFields } from "../../../domain/sequence/render-copy";

export async function firstEmailNotice(
  client: DbClient,
  input: { campaign: Pick<Campaign, "sourceNotice">; campaignLeadId: string; emailMessageId: string; fields: MergeFields },
): Promise<NoticeParts | null> {
  if (!input.campaign.sourceNotice?.trim()) return null;
  // An earlier e-mail that went out (or may have) had the notice; one that failed before sending did not reach the person.
  const earlier = await client.emailMessage.findFirst({
    where: { campaignLeadId: input.campaignLeadId, direction: "outbound", source: "campaign", id: { not: input.emailMessageId }, status: { in: ["sending", "sent", "bounced"] } },
    select: { id: true },
  });
  return earlier ? null : sourceNoticeParts(input.campaign.sourceNotice, input.fields);
}
