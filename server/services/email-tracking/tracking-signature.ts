// Signatures of the links Herald puts into campaign e-mails. A tracked link carries the original
// address in its query; without a signature anyone could use Herald's click endpoint as an open
// redirect to any site. An unsubscribe link carries who unsubscribes from which workspace, signed
// rather than looked up, so that it keeps working after the mailbox (and its e-mails) were removed.
//
// The key is derived from HERALD_ENCRYPTION_KEY (AUTH_SECRET when it is not set), under a label of
// its own so that no other use of the key can produce these signatures. Links already sent must
// outlive a key rotation: the keys in HERALD_ENCRYPTION_KEY_PREVIOUS are still accepted.
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../../lib/crypto";

const LABEL = "herald email links v1";
/** 128 bits: as hard to guess as the tracking token itself, and it keeps the links short. */
const SIGNATURE_BYTES = 16;

function keyMaterials(): string[] {
  const current = process.env.HERALD_ENCRYPTION_KEY?.trim() || process.env.AUTH_SECRET?.trim();
  if (!current) throw new Error("Neither HERALD_ENCRYPTION_KEY nor AUTH_SECRET is set: Herald cannot sign the links of its e-mails.");
  const previous = (process.env.HERALD_ENCRYPTION_KEY_PREVIOUS ?? "").split(",").map((value) => value.trim()).filter(Boolean);
  return [current, ...previous];
}

/** Derived keys by key material: an e-mail with many links signs each with the same key. */
const derivedKeys = new Map<string, Buffer>();

function derivedKey(material: string): Buffer {
  let key = derivedKeys.get(material);
  if (!key) {
    key = createHmac("sha256", material).update(LABEL).digest();
    derivedKeys.set(material, key);
  }
  return key;
}

function sign(material: string, purpose: string, parts: string[]): string {
  const key = derivedKey(material);
  // Each part is length-prefixed, so ("ab", "c") and ("a", "bc") never sign alike.
  const message = [purpose, ...parts].map((part) => `${part.length}:${part}`).join("|");
  return createHmac("sha256", key).update(message).digest().subarray(0, SIGNATURE_BYTES).toString("base64url");
}

function verify(purpose: string, parts: string[], signature: string): boolean {
  return keyMaterials().some((material) => constantTimeEqual(sign(material, purpose, parts), signature));
}

/** The signature of a tracked link: this e-mail's token may redirect to this address. */
export function signClick(token: string, url: string): string {
  return sign(keyMaterials()[0]!, "click", [token, url]);
}

export function isValidClickSignature(token: string, url: string, signature: string): boolean {
  return verify("click", [token, url], signature);
}

/** Who unsubscribes: the recipient's address in a workspace, and the e-mail that carried the link. */
export interface UnsubscribeClaim {
  workspaceId: string;
  address: string;
  emailMessageId: string;
  /** The campaign lead the e-mail was sent to, so it can be stopped after the e-mail was deleted. */
  campaignLeadId: string | null;
  /** The address of the mailbox that sent the e-mail, to name it once the e-mail was deleted. */
  mailboxEmail: string | null;
}

/** `<payload>.<signature>`: the payload is base64url JSON, readable, but not changeable. */
export function encodeUnsubscribeToken(claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([1, claim.workspaceId, claim.address, claim.emailMessageId, claim.campaignLeadId, claim.mailboxEmail])).toString("base64url");
  return `${payload}.${sign(keyMaterials()[0]!, "unsubscribe", [payload])}`;
}

/** The claim of a token Herald signed, or null for anything else (malformed, changed, foreign). */
export function decodeUnsubscribeToken(token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || !verify("unsubscribe", [payload], signature)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed[0] !== 1) return null;
    const [, workspaceId, address, emailMessageId, campaignLeadId, mailboxEmail] = parsed as unknown[];
    if (typeof workspaceId !== "string" || typeof address !== "string" || typeof emailMessageId !== "string") return null;
    if (campaignLeadId !== null && typeof campaignLeadId !== "string") return null;
    if (mailboxEmail !== undefined && mailboxEmail !== null && typeof mailboxEmail !== "string") return null;
    return { workspaceId, address, emailMessageId, campaignLeadId, mailboxEmail: mailboxEmail ?? null };
  } catch {
    return null;
  }
}
