// Small pieces every mailbox view shares: its name, provider, status badges and today's usage.
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { UsageBar } from "@/components/senders/sender-display";
import type { TMailbox } from "@/server/schemas/mailbox";

export const PROVIDER_LABELS: Record<TMailbox["provider"], string> = {
  sandbox: "Sandbox",
  smtp: "SMTP / IMAP",
  google: "Google",
  microsoft: "Microsoft",
  ses: "Amazon SES",
  postmark: "Postmark",
  sendgrid: "SendGrid",
  mailgun: "Mailgun",
};

const STATUS: Record<TMailbox["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Connecting", tone: "slate" },
  connected: { label: "Connected", tone: "green" },
  error: { label: "Error", tone: "red" },
  disconnected: { label: "Disconnected", tone: "slate" },
};

const PAUSE_REASON: Record<NonNullable<TMailbox["pausedReason"]>, string> = {
  manual: "Paused by a person",
  "bounce-rate": "Paused automatically: too many of its recent e-mails bounced",
  "complaint-rate": "Paused automatically: too many of its recent e-mails were reported as spam",
};

/** Why a mailbox is paused, in plain words. */
export function mailboxPauseReasonText(reason: TMailbox["pausedReason"]): string {
  return reason ? PAUSE_REASON[reason] : "Paused";
}

/** The label a person gave it, else the address. */
export function mailboxName(mailbox: Pick<TMailbox, "label" | "email">): string {
  return mailbox.label.trim() || mailbox.email;
}

/** "Ada Lovelace <ada@example.com>", as the recipient sees the sender. */
export function fromLine(mailbox: Pick<TMailbox, "fromName" | "email">): string {
  return mailbox.fromName ? `${mailbox.fromName} <${mailbox.email}>` : mailbox.email;
}

export function MailboxBadges({ mailbox }: { mailbox: TMailbox }) {
  const status = STATUS[mailbox.status];
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="mailbox-badges">
      <Badge tone={status.tone}>{status.label}</Badge>
      {mailbox.paused && (
        <Badge tone="amber" title={`${mailboxPauseReasonText(mailbox.pausedReason)}${mailbox.pausedAt ? ` since ${formatDateTime(mailbox.pausedAt)}` : ""}`}>
          Paused
        </Badge>
      )}
      <Badge tone={mailbox.provider === "sandbox" ? "blue" : "slate"}>{PROVIDER_LABELS[mailbox.provider]}</Badge>
      {mailbox.managed && <ManagedBadges managed={mailbox.managed} />}
    </span>
  );
}

/** "Dec 24, 2026". */
export function formatDay(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleDateString("en", { dateStyle: "medium" }) : "—";
}

/** A mailbox bought through Herald: its domain, and when it renews or ends. */
function ManagedBadges({ managed }: { managed: NonNullable<TMailbox["managed"]> }) {
  return (
    <>
      <Badge tone="blue" title={`Bought through Herald on ${managed.domain}${managed.isAdmin ? ", the domain's admin mailbox" : ""}`}>
        Managed · {managed.domain}
      </Badge>
      {managed.status === "cancelling" ? (
        <Badge tone="amber">
          <span data-testid="managed-cancels">Cancels on {formatDay(managed.cancelAt)}</span>
        </Badge>
      ) : (
        managed.renewsAt && (
          <span className="text-xs text-slate-500" data-testid="managed-renews">
            Renews {formatDay(managed.renewsAt)}
          </span>
        )
      )}
    </>
  );
}

/** A round icon with the address's first letter, tinted by provider. */
export function MailboxIcon({ mailbox, size = "md" }: { mailbox: Pick<TMailbox, "email" | "label" | "provider">; size?: "md" | "lg" }) {
  const tone =
    mailbox.provider === "google" ? "bg-rose-100 text-rose-700"
    : mailbox.provider === "microsoft" ? "bg-sky-100 text-sky-700"
    : mailbox.provider === "sandbox" ? "bg-brand-100 text-brand-700"
    : "bg-emerald-100 text-emerald-700";
  const dimensions = size === "lg" ? "size-14 text-xl" : "size-10 text-sm";
  return (
    <span aria-hidden="true" className={`${dimensions} ${tone} inline-flex shrink-0 items-center justify-center rounded-full font-semibold`}>
      {(mailboxName(mailbox)[0] ?? "@").toUpperCase()}
    </span>
  );
}

/**
 * Today's campaign e-mails against the daily limit, counted in the mailbox's own day. Only campaign
 * e-mails count against the limit, so the label says so: the totals beside it count more.
 */
export function MailboxUsage({ mailbox }: { mailbox: TMailbox }) {
  return <UsageBar label="Campaign e-mails today" used={mailbox.usage.sent} cap={mailbox.limits.daily} />;
}

/** What "Total sent" counts, unlike today's campaign e-mails beside it. */
const TOTAL_SENT_MEANING = "Campaign e-mails and your replies from the inbox, since the mailbox was connected (warmup e-mails are not counted)";

/** Sent, bounced and complained since it was connected (replies from the inbox included, unlike today's usage). */
export function MailboxCounters({ mailbox }: { mailbox: TMailbox }) {
  const items: Array<[string, number, string]> = [
    ["Total sent", mailbox.counters.sent, "text-slate-900"],
    ["Bounced", mailbox.counters.bounced, mailbox.counters.bounced ? "text-amber-800" : "text-slate-900"],
    ["Complaints", mailbox.counters.complained, mailbox.counters.complained ? "text-red-700" : "text-slate-900"],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-xs" aria-label={`Totals of ${mailboxName(mailbox)}`}>
      {items.map(([label, value, tone]) => (
        <div key={label} className="min-w-0">
          <dt className="truncate text-slate-500" title={label === "Total sent" ? TOTAL_SENT_MEANING : undefined}>
            {label}
          </dt>
          <dd className={`font-medium tabular-nums ${tone}`}>{value.toLocaleString("en")}</dd>
        </div>
      ))}
    </dl>
  );
}
