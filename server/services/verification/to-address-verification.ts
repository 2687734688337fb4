// A stored verification as one caller reads it: stored as for a campaign that targets companies,
// presented per whether this caller does (verificationFor: free webmail is then valid, not risky).
import { verificationFor } from "../../domain/verification/verification-policy";
import type { TAddressStatus, TAddressVerification } from "../../schemas/verification";

export interface VerificationRow {
  address: string;
  status: string;
  check: string;
  reason: string;
  checkedAt: Date;
}

export function toAddressVerification(row: VerificationRow, targetsCompanies: boolean): TAddressVerification {
  const seen = verificationFor({ status: row.status as TAddressStatus, check: row.check, reason: row.reason }, targetsCompanies);
  return { email: row.address, status: seen.status, check: seen.check, reason: seen.reason, checkedAt: row.checkedAt.toISOString() };
}
