import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZCreditReason = z
  .enum(["grant", "company-search", "reply-classification", "people-search", "comment-draft", "voice-note", "email-lookup", "ai-line", "adjustment", "refund"])
  .meta({ id: "CreditReason" });
export type TCreditReason = z.infer<typeof ZCreditReason>;

/**
 * Who may add credits (issue 30): an instance administrator, the billing provider (a purchase), the
 * demo's welcome credits, or (`legacy`) a workspace member before instance administrators existed.
 */
export const ZCreditGrantSource = z.enum(["instance-admin", "stripe", "sandbox", "welcome", "legacy"]).meta({ id: "CreditGrantSource" });
export type TCreditGrantSource = z.infer<typeof ZCreditGrantSource>;

export const ZCreditLedgerEntry = z
  .object({
    id: z.string(),
    amount: z.number().int().meta({ description: "Positive for a credit, negative for a debit" }),
    balanceAfter: z.number().int(),
    reason: ZCreditReason,
    reference: z.string().nullable().meta({ description: "What the entry is for; for a grant, the reason the instance administrator gave" }),
    grantedBy: z
      .object({
        source: ZCreditGrantSource,
        name: z.string().meta({
          description: "In words: the instance administrator's name and e-mail, `Billing (Stripe)`, `Sandbox billing` or `Welcome credits`",
          example: "Ada Admin (ada@example.com)",
        }),
      })
      .nullable()
      .meta({ description: "Who added the credits of a `grant`; null for debits and refunds" }),
    createdAt: ZTimestamp,
  })
  .meta({ id: "CreditLedgerEntry" });
export type TCreditLedgerEntry = z.infer<typeof ZCreditLedgerEntry>;

const ZCreditAmount = z.number({ message: "must be a whole number" }).int("must be a whole number").max(1_000_000, "must be at most 1,000,000");

/** An instance administrator's grant (tRPC `credits.grant`): to any workspace, with a reason. */
export const ZGrantCreditsInput = z.object({
  /** The workspace to credit; the granter's active workspace when left out. */
  workspaceId: z.string().trim().min(1, "is required").max(64).optional(),
  amount: ZCreditAmount.min(1, "must be at least 1"),
  reason: z.string({ message: "is required: say why these credits are granted" }).trim().min(1, "is required: say why these credits are granted").max(200, "must be at most 200 characters"),
});
export type TGrantCreditsInput = z.infer<typeof ZGrantCreditsInput>;

/** A purchase through the billing provider (tRPC `credits.buy`). */
export const ZBuyCreditsInput = z.object({ amount: ZCreditAmount.min(100, "must be at least 100") });
export type TBuyCreditsInput = z.infer<typeof ZBuyCreditsInput>;

export type TBuyCreditsResult =
  | { status: "paid"; entry: TCreditLedgerEntry }
  | { status: "pending"; checkoutUrl: string };

/** What Settings → AI credits offers the signed-in person. */
export interface TCreditOffer {
  /** An instance administrator: may grant credits to any workspace. */
  canGrant: boolean;
  /** May buy credits for this workspace (owners and billing managers), when the installation sells them. */
  canBuy: boolean;
  /** The installation sells credits: what 1,000 cost, in cents of `currency`; null when it does not. */
  pricePer1000Cents: number | null;
  currency: string;
  billingProvider: "sandbox" | "stripe";
  /** Whom to ask for credits, in words (the instance administrators' names). */
  instanceAdmins: string[];
}
