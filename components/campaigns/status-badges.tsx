import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TCampaign, TCampaignLead } from "@/server/schemas/campaign";

const CAMPAIGN_STATUS: Record<TCampaign["status"], { label: string; tone: BadgeTone; title: string }> = {
  active: { label: "Active", tone: "green", title: "Sending within the schedule" },
  paused: { label: "Paused", tone: "amber", title: "Nothing is sent until it is activated" },
  draft: { label: "Draft", tone: "slate", title: "Being prepared; nothing is sent" },
};

export function CampaignStatusBadge({ status }: { status: TCampaign["status"] }) {
  const { label, tone, title } = CAMPAIGN_STATUS[status];
  return (
    <Badge tone={tone} title={title}>
      {label}
    </Badge>
  );
}

export const LEAD_STATUSES: TCampaignLead["status"][] = ["pending", "running", "paused", "replied", "done", "failed", "stopped"];

export const LEAD_STATUS: Record<TCampaignLead["status"], { label: string; tone: BadgeTone; description: string }> = {
  pending: { label: "Pending", tone: "slate", description: "Not reached by any step yet" },
  running: { label: "Running", tone: "blue", description: "Moving through the sequence" },
  paused: { label: "Paused", tone: "amber", description: "Held where it is until resumed" },
  replied: { label: "Replied", tone: "green", description: "Answered: the sequence ended" },
  done: { label: "Done", tone: "slate", description: "Went through the whole sequence" },
  failed: { label: "Failed", tone: "red", description: "A step could not be carried out" },
  stopped: { label: "Stopped", tone: "slate", description: "Stopped by a person" },
};

export function LeadStatusBadge({ status }: { status: TCampaignLead["status"] }) {
  const { label, tone, description } = LEAD_STATUS[status];
  return (
    <Badge tone={tone} title={description}>
      {label}
    </Badge>
  );
}
