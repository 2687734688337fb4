import type { AiCreditLedgerEntry } from "../../db/generated/client";
import type { TCreditGrantSource, TCreditLedgerEntry, TCreditReason } from "../../schemas/credits";

export function toCreditLedgerEntry(row: AiCreditLedgerEntry): TCreditLedgerEntry {
  return {
    id: row.id,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    reason: row.reason as TCreditReason,
    reference: row.reference,
    grantedBy: row.grantSource ? { source: row.grantSource as TCreditGrantSource, name: row.grantedBy ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
