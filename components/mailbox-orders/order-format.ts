// How an order reads on the Orders page: its pipeline as stages people recognise, money, and the
// words for each domain status, mailbox step and payment state.
import { ORDER_STATUS_RANK } from "@/server/domain/mailbox-orders/order-progress";
import type { TMailboxOrder, TMailboxOrderStatus, TMailPlatform } from "@/server/schemas/mailbox-order";

type Domain = TMailboxOrder["domains"][number];
type Mailbox = Domain["mailboxes"][number];

export const ORDER_STAGES = ["Paid", "Registering domains", "Domains registered", "Setting up mailboxes", "Granting access", "Connecting", "Completed"] as const;

/** The statuses during which the pipeline works on its own, so the page follows it closely. */
export const MOVING_STATUSES: ReadonlySet<TMailboxOrderStatus> = new Set(["paid", "placing", "placing_unknown", "placed", "provisioning", "authorizing", "connecting"]);

export function isMoving(order: Pick<TMailboxOrder, "status" | "payment">): boolean {
  return MOVING_STATUSES.has(order.status) || (order.status === "quoted" && order.payment.status === "pending");
}

/**
 * The stage an order is at: its status's, or for an order that stopped (needs attention,
 * cancelled) the furthest stage its domains and mailboxes show they reached. -1 before payment.
 */
export function orderStage(order: Pick<TMailboxOrder, "status" | "domains" | "payment">): number {
  const direct = ORDER_STATUS_RANK[order.status];
  if (direct !== undefined) return direct;
  if (order.status === "quoted") return -1;
  const domains = order.domains.filter((domain) => domain.status !== "refused");
  const mailboxes = domains.flatMap((domain) => domain.mailboxes);
  if (mailboxes.length && mailboxes.every((mailbox) => mailbox.step === "connected")) return 6;
  if (mailboxes.some((mailbox) => mailbox.step === "authorized" || mailbox.step === "connected")) return 5;
  if (domains.length && domains.every((domain) => domain.status === "provisioned" || domain.status === "connected")) return 4;
  if (mailboxes.some((mailbox) => mailbox.step === "created") || domains.some((domain) => domain.status === "provisioned")) return 3;
  if (domains.length && domains.every((domain) => domain.existing || domain.status === "registered")) return 2;
  if (domains.some((domain) => domain.status === "registering" || domain.status === "registered")) return 1;
  return order.payment.status === "none" || order.payment.status === "pending" ? -1 : 0;
}

export const STATUS_BADGE: Record<TMailboxOrderStatus, { label: string; tone: "green" | "red" | "amber" | "slate" | "blue" }> = {
  quoted: { label: "Not paid", tone: "slate" },
  paid: { label: "Paid", tone: "blue" },
  placing: { label: "Registering domains", tone: "blue" },
  placing_unknown: { label: "Checking with the registrar", tone: "blue" },
  placed: { label: "Domains registered", tone: "blue" },
  provisioning: { label: "Setting up mailboxes", tone: "blue" },
  authorizing: { label: "Granting access", tone: "blue" },
  connecting: { label: "Connecting", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
  needs_attention: { label: "Needs attention", tone: "amber" },
  cancelled: { label: "Cancelled", tone: "slate" },
};

export const PLATFORM_LABELS: Record<TMailPlatform, string> = { google: "Google Workspace", microsoft: "Microsoft 365" };

export const DOMAIN_STATUS_LABELS: Record<Domain["status"], string> = {
  pending: "Waiting",
  registering: "Registering",
  registered: "Registered",
  refused: "Refused",
  provisioned: "Mail set up",
  connected: "Connected",
};

export const MAILBOX_STEP_LABELS: Record<Mailbox["step"], string> = {
  ordered: "Ordered",
  created: "Created",
  authorized: "Access granted",
  connected: "Connected",
  refused: "Refused",
};

/** "taken" → "the domain is already taken"; other reasons are already words. */
export function refusedReasonText(reason: string | null): string {
  if (!reason) return "the registrar refused it";
  if (reason === "taken") return "someone else registered it first";
  return reason;
}

/** 1234 cents in usd → "$12.34". */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function paymentText(payment: TMailboxOrder["payment"], currency: string): string {
  switch (payment.status) {
    case "none":
      return "Not paid";
    case "pending":
      return "Waiting for payment";
    case "paid":
      return "Paid";
    case "refunded":
      return `Refunded (${formatMoney(payment.refundedCents, currency)})`;
    case "partially_refunded":
      return `Paid, ${formatMoney(payment.refundedCents, currency)} refunded`;
  }
}

/** An order's name in a list: its domains. */
export function orderTitle(order: Pick<TMailboxOrder, "domains">): string {
  const names = order.domains.map((domain) => domain.name);
  return names.length <= 2 ? names.join(" and ") : `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

/**
 * Why a Microsoft 365 domain lists no DKIM records, when it does not: Microsoft gives its selector
 * CNAMEs only in its admin portal or Exchange PowerShell, so the tenant's admin publishes them
 * (docs/mailbox-orders.md). Null for other platforms, refused domains, or when they are listed.
 */
export function dkimPendingText(domain: Pick<Domain, "platform" | "status" | "existing" | "dnsRecords">): string | null {
  if (domain.platform !== "microsoft" || domain.status === "refused" || domain.dnsRecords.length === 0) return null;
  if (domain.dnsRecords.some((record) => /(^|\.)_domainkey$/.test(record.host))) return null;
  const where = domain.existing ? "at your DNS host" : "by this Herald's administrator";
  return `DKIM records are not listed: Microsoft 365 gives them (CNAMEs at selector1._domainkey and selector2._domainkey) only to the admin of Herald's Microsoft 365 tenant, after it verifies the domain. They are published ${where}, then signing is turned on; until then mail from this domain is not signed with it.`;
}
