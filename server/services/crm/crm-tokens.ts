// A connection's tokens at rest: the CrmTokens as JSON, encrypted with HERALD_ENCRYPTION_KEY
// (docs/security.md). Only this module reads or writes CrmConnection.tokensEncrypted.
import { decryptSecret, encryptSecret } from "../../lib/encryption";
import type { CrmTokens } from "../../providers/crm/types";

export function sealCrmTokens(tokens: CrmTokens): string {
  return encryptSecret(JSON.stringify({ ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null }));
}

export function openCrmTokens(sealed: string): CrmTokens {
  const raw = JSON.parse(decryptSecret(sealed)) as Omit<CrmTokens, "expiresAt"> & { expiresAt: string | null };
  return { ...raw, expiresAt: raw.expiresAt ? new Date(raw.expiresAt) : null };
}
