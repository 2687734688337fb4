// A mailbox's overall health as a badge, with the worst thing found as its tooltip.
import { Badge } from "@/components/ui/badge";
import type { TMailbox } from "@/server/schemas/mailbox";
import { MAILBOX_HEALTH_BADGE, healthReason } from "./health-format";

export function MailboxHealthBadge({ mailbox }: { mailbox: Pick<TMailbox, "health" | "dnsHealth" | "deliverabilityTest" | "warmup"> }) {
  const badge = MAILBOX_HEALTH_BADGE[mailbox.health];
  return (
    <span data-testid="mailbox-health" data-health={mailbox.health}>
      <Badge tone={badge.tone} title={healthReason(mailbox)}>
        {badge.label}
      </Badge>
    </span>
  );
}
