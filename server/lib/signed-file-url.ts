// Signed, expiring addresses of stored files (voice notes, recordings, the sandbox's received
// audio). Files are never public and their keys are not secrets: the address carries its expiry
// and a signature over the key and the expiry, checked by GET /api/files/<key> (app/api/files).
// A changed key or expiry, or an expired address, is refused.
import { env, publicUrl } from "../env";
import { now } from "./clock";
import { keyedSigner } from "./keyed-signature";

const signer = keyedSigner("herald file urls v1", "file addresses");

/** How long an address handed to the dashboard or an API caller stays valid, by default. */
export const FILE_URL_TTL_SECONDS = 60 * 60;

export function signedFileUrl(key: string, options: { expiresInSeconds?: number; at?: Date } = {}): { url: string; expiresAt: Date } {
  const at = options.at ?? now();
  const expires = Math.floor(at.getTime() / 1000) + (options.expiresInSeconds ?? env().HERALD_FILE_URL_TTL_SECONDS ?? FILE_URL_TTL_SECONDS);
  const signature = signer.sign("file", [key, String(expires)]);
  const path = key.split("/").map(encodeURIComponent).join("/");
  return { url: `${publicUrl()}/api/files/${path}?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000) };
}

export type FileUrlCheck = "ok" | "expired" | "invalid";

/** Whether an address's expiry and signature are Herald's for this key, and not past. */
export function checkFileUrl(key: string, expires: string | null, signature: string | null, at: Date = now()): FileUrlCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
  if (!signer.verify("file", [key, expires], signature)) return "invalid";
  return Number(expires) * 1000 < at.getTime() ? "expired" : "ok";
}
