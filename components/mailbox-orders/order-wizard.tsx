"use client";
// The ordering wizard: domains, their mailboxes, warmup, then the quote and payment. A sandbox
// payment completes at once (off to the order on the Orders page); a checkout page is opened.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { plural } from "@/components/ui/plural";
import { fieldErrors } from "@/components/ui/trpc-error";
import { formatMoney } from "./order-format";
import { WizardDetailsStep } from "./wizard-details-step";
import { WizardDomainsStep } from "./wizard-domains-step";
import { WizardReviewStep } from "./wizard-review-step";
import { draftProblems, hasDetailProblems, mailboxCount, toQuoteInput, type Draft, type FieldProblems } from "./wizard-state";
import { WizardWarmupStep } from "./wizard-warmup-step";

const STEPS = ["Domains", "Mailboxes", "Warmup", "Review and pay"] as const;

function Stepper({ step }: { step: number }) {
  return (
    <ol className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
      {STEPS.map((label, index) => (
        <li key={label} aria-current={index === step ? "step" : undefined} className={index === step ? "font-semibold text-brand-700" : index < step ? "text-slate-700" : "text-slate-400"}>
          {index + 1}. {label}
        </li>
      ))}
    </ol>
  );
}

export function OrderWizard() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({ domains: [], warmupEnabled: true, preset: "conservative" });
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const quote = useMutation(
    trpc.mailboxOrders.quote.mutationOptions({
      onError: (error) => {
        const fields = fieldErrors(error);
        if (hasDetailProblems(fields)) {
          setServerProblems(fields);
          setStep(1);
        }
      },
    }),
  );
  const pay = useMutation(
    trpc.mailboxOrders.pay.mutationOptions({
      onSuccess: async (order) => {
        if (order.payment.status === "pending" && order.payment.checkoutUrl) return window.location.assign(order.payment.checkoutUrl);
        // The Orders page may hold a list from moments ago, without this order.
        await queryClient.invalidateQueries({ queryKey: trpc.mailboxOrders.pathKey() });
        router.push(`/orders?order=${order.id}`);
      },
    }),
  );
  // A quote is an order waiting for payment: going back and forth keeps it, and a changed order's new
  // quote withdraws the one it replaces, so the Orders page never gathers unpaid copies of one order.
  const withdraw = useMutation(trpc.mailboxOrders.cancel.mutationOptions());
  // Which billing takes the payment (the same answer the credits' purchase reads).
  const billing = useQuery(trpc.credits.offer.queryOptions());
  const replacedQuote = useRef<string | null>(null);
  const problems = { ...(showProblems ? draftProblems(draft) : {}), ...serverProblems };

  function requote() {
    quote.mutate(toQuoteInput(draft), {
      onSuccess: (order) => {
        const replaced = replacedQuote.current;
        replacedQuote.current = null;
        // Best effort: a quote left behind expires on its own after 24 hours.
        if (replaced && replaced !== order.id) withdraw.mutate({ orderId: replaced });
      },
    });
  }

  function update(next: Partial<Draft>) {
    setDraft({ ...draft, ...next });
    setServerProblems({});
    if (quote.data) replacedQuote.current = quote.data.id;
    quote.reset();
  }

  function next() {
    if (step === 1) {
      setShowProblems(true);
      if (hasDetailProblems(draftProblems(draft))) return;
    }
    if (step === 2 && !quote.data && !quote.isPending) requote();
    setStep(step + 1);
  }

  const order = quote.data;
  const count = mailboxCount(draft);
  const canContinue = step === 0 ? draft.domains.length > 0 : true;

  return (
    <>
      <PageHeader title="Order domains and mailboxes" description="Herald registers the domains, sets up the mailboxes and their DNS, connects them and starts their warmup." />
      <Stepper step={step} />
      <div className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
        <h2 className="mb-4 text-base font-semibold text-slate-900">{STEPS[step]}</h2>
        {step === 1 && Object.keys(serverProblems).length > 0 && (
          <div className="mb-4">
            <Alert tone="error">Some details need a fix before the order can be priced: see the fields marked below.</Alert>
          </div>
        )}
        {step === 0 && <WizardDomainsStep domains={draft.domains} onChange={(domains) => update({ domains })} />}
        {step === 1 && <WizardDetailsStep domains={draft.domains} problems={problems} onChange={(domains) => update({ domains })} />}
        {step === 2 && <WizardWarmupStep enabled={draft.warmupEnabled} preset={draft.preset} onChange={({ enabled, preset }) => update({ warmupEnabled: enabled, preset })} />}
        {step === 3 && (
          <WizardReviewStep quote={order} quoting={quote.isPending} error={quote.error} payError={pay.error} sandboxBilling={billing.data?.billingProvider === "sandbox"} />
        )}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          {step === 0 ? (
            <Link href="/orders" className="text-sm text-slate-600 hover:underline">
              Back to orders
            </Link>
          ) : (
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={pay.isPending || quote.isPending}>
              Back
            </Button>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {step > 0 && step < 3 && <span className="text-xs text-slate-500">{plural(draft.domains.length, "domain", "domains")}, {plural(count, "mailbox", "mailboxes")}</span>}
            {step < 3 ? (
              <Button onClick={next} disabled={!canContinue}>
                {step === 2 ? "Review the price" : "Next"}
              </Button>
            ) : quote.error ? (
              <Button onClick={requote}>Try again</Button>
            ) : (
              <Button
                disabled={!order || quote.isPending || pay.isPending || pay.isSuccess}
                onClick={() => order && pay.mutate({ orderId: order.id, payment: { returnUrl: `${window.location.origin}/orders?order=${order.id}` } })}
              >
                {pay.isPending || pay.isSuccess ? "Paying…" : order ? `Pay ${formatMoney(order.totals.totalCents, order.totals.currency)}` : "Pay"}
              </Button>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
