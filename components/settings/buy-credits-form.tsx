"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { TCreditOffer } from "@/server/schemas/credits";

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/**
 * "Buy credits": owners and billing managers pay through the installation's billing provider (the
 * sandbox pays at once; Stripe opens its Checkout page and the credits arrive with its webhook).
 */
export function BuyCreditsForm({ offer }: { offer: TCreditOffer & { pricePer1000Cents: number } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(1000);
  const [bought, setBought] = useState<number | null>(null);
  const buy = useMutation(
    trpc.credits.buy.mutationOptions({
      onSuccess: async (result) => {
        if (result.status === "pending") {
          window.location.assign(result.checkoutUrl);
          return;
        }
        setBought(result.entry.amount);
        await queryClient.invalidateQueries({ queryKey: trpc.credits.ledger.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(buy.error);
  const price = Number.isInteger(amount) && amount > 0 ? Math.ceil((amount * offer.pricePer1000Cents) / 1000) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBought(null);
    buy.mutate({ amount });
  }

  return (
    <form onSubmit={onSubmit} className="mb-6 flex flex-wrap items-end gap-3" aria-label="Buy AI credits">
      <div className="w-36">
        <Field label="Credits to buy" htmlFor="buy-amount" error={errors.amount}>
          <Input id="buy-amount" name="amount" type="number" min={100} max={1_000_000} step={1} required inputMode="numeric" value={Number.isNaN(amount) ? "" : amount} onChange={(event) => setAmount(event.target.valueAsNumber)} />
        </Field>
      </div>
      <p className="pb-2 text-sm text-slate-600" data-testid="credit-price">
        {price !== null ? `${money(price, offer.currency)}` : "—"} · {money(offer.pricePer1000Cents, offer.currency)} per 1,000 credits
        {offer.billingProvider === "sandbox" ? " (sandbox billing: nothing is charged)" : ", paid with Stripe"}
      </p>
      <Button type="submit" disabled={buy.isPending}>
        {buy.isPending ? "Buying…" : "Buy credits"}
      </Button>
      <div className="basis-full" aria-live="polite">
        {buy.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(buy.error)}</Alert>}
        {bought !== null && <Alert tone="success">Bought {bought.toLocaleString("en")} credits.</Alert>}
      </div>
    </form>
  );
}
