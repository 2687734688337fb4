"use client";
// Step 4: the quote (what the total is made of) and paying it.
import { ErrorAlert } from "@/components/senders/error-alert";
import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/components/ui/format";
import { plural } from "@/components/ui/plural";
import type { TMailboxOrder } from "@/server/schemas/mailbox-order";
import { PLATFORM_LABELS, formatMoney } from "./order-format";

export function WizardReviewStep({
  quote,
  quoting,
  error,
  payError,
  sandboxBilling,
}: {
  quote: TMailboxOrder | undefined;
  quoting: boolean;
  error: unknown;
  payError: unknown;
  /** The installation's billing is the sandbox: paying charges nothing. */
  sandboxBilling: boolean;
}) {
  if (quoting) {
    return (
      <div className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm text-slate-600" role="status">
        Getting the price…
      </div>
    );
  }
  if (error) return <ErrorAlert error={error} />;
  if (!quote) return null;
  const { currency, totalCents } = quote.totals;
  return (
    <div className="space-y-4">
      <ul className="space-y-1 text-sm text-slate-600" aria-label="Order summary">
        {quote.domains.map((domain) => (
          <li key={domain.name}>
            <span className="font-medium break-all text-slate-900">{domain.name}</span> · {PLATFORM_LABELS[domain.platform]} · {plural(domain.mailboxes.length, "mailbox", "mailboxes")}:{" "}
            <span className="break-all">{domain.mailboxes.map((mailbox) => mailbox.email).join(", ")}</span>
          </li>
        ))}
        <li>{quote.warmup.enabled ? `Warmup: ${quote.warmup.strategy?.preset ?? "on"}` : "No warmup"}</li>
      </ul>
      <table className="w-full text-sm" aria-label="Price">
        <tbody className="divide-y divide-slate-100">
          {quote.lines.map((line, index) => (
            <tr key={`${index}-${line.description}`} data-testid="quote-line">
              <td className="py-2 pr-3 text-slate-700">{line.description}</td>
              <td className="py-2 text-right text-slate-900 tabular-nums">{formatMoney(line.amountCents, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300">
            <th scope="row" className="py-2 pr-3 text-left font-semibold text-slate-900">
              Total today
            </th>
            <td className="py-2 text-right font-semibold text-slate-900 tabular-nums" data-testid="quote-total">
              {formatMoney(totalCents, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-slate-500">
        Mailboxes renew monthly and domains yearly after that. This price holds until {formatDateTime(quote.expiresAt)}.
      </p>
      {sandboxBilling && (
        <p className="text-xs text-slate-600" data-testid="sandbox-billing-note">
          This installation takes payments in the sandbox: paying charges no card.
        </p>
      )}
      {Boolean(payError) && <ErrorAlert error={payError} />}
      {quote.payment.status === "pending" && <Alert tone="info">Taking you to the payment page…</Alert>}
    </div>
  );
}
