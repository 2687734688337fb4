import type { TCampaign } from "@/server/schemas/campaign";
import { ApprovalSettings } from "./approval-settings";
import { EmailDeliverySettings } from "./email-delivery-settings";
import { LeadRulesEditor } from "./lead-rules-editor";
import { MailboxPoolEditor } from "./mailbox-pool-editor";
import { ReplySettings } from "./reply-settings";
import { ScheduleEditor } from "./schedule-editor";
import { SenderPoolEditor } from "./sender-pool-editor";

/** The Settings tab: each card saves on its own, so one card's edits never ride along with another's. */
export function CampaignSettings({ campaign }: { campaign: TCampaign }) {
  return (
    <div className="space-y-6">
      <SenderPoolEditor campaign={campaign} />
      <MailboxPoolEditor campaign={campaign} />
      <ScheduleEditor campaign={campaign} />
      <EmailDeliverySettings campaign={campaign} />
      <LeadRulesEditor campaign={campaign} />
      <ReplySettings campaign={campaign} />
      <ApprovalSettings campaign={campaign} />
    </div>
  );
}
