// POST /verification: one address checked at once. A fresh stored result (younger than the
// workspace's verificationMaxAgeDays, not `unknown`) is answered as it is; otherwise the address is
// checked (DNS through Herald's resolver, its domain cached) and the result stored for the workspace.
import type { Actor } from "../../lib/actor";
import { requireRole } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TAddressVerification, TVerifyAddressInput } from "../../schemas/verification";
import { findFreshVerifications, freshSince } from "./fresh-verifications";
import { saveAddressVerifications } from "./save-address-verifications";
import { toAddressVerification } from "./to-address-verification";
import { verifyAddresses } from "./verify-addresses";

export async function verifyAddress(actor: Actor, input: TVerifyAddressInput): Promise<TAddressVerification> {
  requireRole(actor, "member", "verify addresses");
  const address = input.email.trim().toLowerCase();
  const targetsCompanies = input.targetsCompanies ?? true;
  const fresh = await findFreshVerifications(actor.workspaceId, [address], await freshSince(actor.workspaceId));
  const stored = fresh.get(address);
  if (stored) return toAddressVerification(stored, targetsCompanies);
  const [result] = await verifyAddresses({ workspaceId: actor.workspaceId, addresses: [address], targetsCompanies: true });
  const checkedAt = now();
  await saveAddressVerifications(actor.workspaceId, [result!], checkedAt);
  return toAddressVerification({ ...result!, address, checkedAt }, targetsCompanies);
}
