// The statuses of the DNS checks, from best to worst, and the overall status they make.
import type { TDnsCheckStatus, TDnsHealth } from "../../../schemas/mailbox-health";

export interface Finding {
  status: TDnsCheckStatus;
  text: string;
  /** Only a person can fix it (which includes to drop): no record is proposed for it alone. */
  manual?: boolean;
}

const RANK: Record<TDnsCheckStatus, number> = { ok: 0, warning: 1, error: 2, missing: 3, invalid: 4 };

export function worstOf(statuses: TDnsCheckStatus[]): TDnsCheckStatus {
  return statuses.reduce<TDnsCheckStatus>((worst, status) => (RANK[status] > RANK[worst] ? status : worst), "ok");
}

/**
 * The domain's status: failing when a check found a record missing or not doing its job; a lookup
 * that failed (timeout, SERVFAIL) only warns, as it says nothing about the records: a flaky DNS
 * server must not mark a good domain as failing.
 */
export function overallDnsStatus(statuses: TDnsCheckStatus[]): TDnsHealth["status"] {
  if (statuses.some((status) => status === "missing" || status === "invalid")) return "failing";
  if (statuses.some((status) => status === "warning" || status === "error")) return "warning";
  return "ok";
}
