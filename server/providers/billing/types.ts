// The billing provider that takes payment for mailbox orders and renewals and gives refunds. Every
// call carries a `key`: the same key never charges or refunds twice (Stripe's Idempotency-Key).
// The sandbox (./sandbox) pays at once; Stripe (./stripe) sends the person to Stripe Checkout and
// reports the payment through its signed webhook (app/api/billing/stripe/webhook).
export type BillingProviderName = "sandbox" | "stripe";

export interface StartPaymentInput {
  key: string;
  workspaceId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  /** What is bought, shown on the payment page. */
  description: string;
  /** Where the payment page sends the person back. */
  returnUrl: string;
}

export type StartedPayment =
  | { status: "paid"; paymentId: string }
  | { status: "pending"; paymentId: string; checkoutUrl: string };

export interface BillingProvider {
  readonly name: BillingProviderName;
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** Gives back part or all of a payment. */
  refund(input: { key: string; paymentId: string; amountCents: number; currency: string }): Promise<{ refundId: string }>;
  /**
   * Charges a renewal off-session with what paid `paymentId` (the order's payment). `failed` with
   * a reason in plain words when the card was declined.
   */
  chargeRenewal(input: {
    key: string;
    workspaceId: string;
    paymentId: string;
    amountCents: number;
    currency: string;
    description: string;
  }): Promise<{ chargeId: string; status: "succeeded" | "failed"; failure: string | null }>;
}
