import type { TCampaign } from "@/server/schemas/campaign";
import { LeadRulesEditor } from "./lead-rules-editor";
import { ReplySettings } from "./reply-settings";
import { ScheduleEditor } from "./schedule-editor";
import { SenderPoolEditor } from "./sender-pool-editor";

/** The Settings tab: each card saves on its own, so one card's edits never ride along with another's. */
export function CampaignSettings({ campaign }: { campaign: TCampaign }) {
  return (
    <div className="space-y-6">
      <SenderPoolEditor campaign={campaign} />
      <ScheduleEditor campaign={campaign} />
      <LeadRulesEditor campaign={campaign} />
      <ReplySettings campaign={campaign} />
    </div>
  );
}
