// The mailbox page's pointer to its health page: the overall health, the worst thing found, and
// the warmup status at a glance.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { TMailbox } from "@/server/schemas/mailbox";
import { MailboxHealthBadge } from "./health-badge";
import { WARMUP_STATUS_BADGE, healthReason } from "./health-format";

export function HealthSummaryCard({ mailbox }: { mailbox: TMailbox }) {
  const warmup = WARMUP_STATUS_BADGE[mailbox.warmup.status];
  return (
    <Card title="Health">
      <div className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <MailboxHealthBadge mailbox={mailbox} />
          <span className="text-xs text-slate-500">Warmup:</span>
          <Badge tone={warmup.tone}>{warmup.label}</Badge>
        </div>
        <p className="text-slate-600">{healthReason(mailbox)}</p>
        <Link href={`/mailboxes/${mailbox.id}/health`} className="inline-flex font-medium text-brand-700 hover:underline">
          DNS records, deliverability test and warmup →
        </Link>
      </div>
    </Card>
  );
}
