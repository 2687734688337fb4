// A TrackingDomain row as the API's resource (schemas/tracking-domain.ts).
import { trackingRecords } from "../../../domain/mail/tracking-domain";
import { trackingCnameTarget } from "../../../env";
import { toIso } from "../../../schemas/common";
import type { TTrackingDomain } from "../../../schemas/tracking-domain";

export interface TrackingDomainRow {
  id: string;
  host: string;
  domain: string;
  status: string;
  reason: string | null;
  httpsWarning: string | null;
  token: string;
  checkedAt: Date | null;
  verifiedAt: Date | null;
  createdAt: Date;
}

const LABELS: Record<TTrackingDomain["status"], string> = {
  pending: "Waiting for the first check",
  verified: "Verified: links use it",
  failing: "Not verified: records missing",
};

function statusOf(value: string): TTrackingDomain["status"] {
  return value === "verified" || value === "failing" ? value : "pending";
}

export function toTrackingDomain(row: TrackingDomainRow, mailboxCount: number): TTrackingDomain {
  const status = statusOf(row.status);
  return {
    id: row.id,
    host: row.host,
    domain: row.domain,
    status,
    statusLabel: LABELS[status],
    reason: row.reason,
    httpsWarning: row.httpsWarning,
    record: { type: "CNAME", host: row.host, value: trackingCnameTarget() },
    records: trackingRecords({ host: row.host, token: row.token, target: trackingCnameTarget() }),
    mailboxCount,
    checkedAt: toIso(row.checkedAt),
    verifiedAt: toIso(row.verifiedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
