import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZCreditReason = z
  .enum(["grant", "company-search", "reply-classification", "people-search", "comment-draft", "voice-note", "adjustment", "refund"])
  .meta({ id: "CreditReason" });
export type TCreditReason = z.infer<typeof ZCreditReason>;

export const ZCreditLedgerEntry = z
  .object({
    id: z.string(),
    amount: z.number().int().meta({ description: "Positive for a credit, negative for a debit" }),
    balanceAfter: z.number().int(),
    reason: ZCreditReason,
    reference: z.string().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: "CreditLedgerEntry" });
export type TCreditLedgerEntry = z.infer<typeof ZCreditLedgerEntry>;

export const ZGrantCreditsInput = z.object({
  amount: z.number().int().min(1, "must be at least 1").max(1_000_000, "must be at most 1,000,000"),
  reference: z.string().trim().max(200).optional(),
});

export type TGrantCreditsInput = z.infer<typeof ZGrantCreditsInput>;
