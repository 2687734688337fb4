import { decryptSecret, encryptSecret } from "../../lib/encryption";

/** What Herald keeps to sign a sender in again. Stored encrypted; never returned by the API. */
export interface SenderCredentials {
  username?: string;
  password?: string;
  liAt?: string;
  userAgent?: string;
  totpSecret?: string;
  proxy?: string;
}

export function sealCredentials(credentials: SenderCredentials): string {
  return encryptSecret(JSON.stringify(credentials));
}

export function openCredentials(sealed: string | null): SenderCredentials {
  return sealed ? (JSON.parse(decryptSecret(sealed)) as SenderCredentials) : {};
}
