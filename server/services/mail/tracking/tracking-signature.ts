// Signatures of the links Herald puts into campaign e-mails. A tracked link carries the original
// address in its query; without a signature anyone could use Herald's click endpoint as an open
// redirect to any site. An unsubscribe link carries who unsubscribes from which workspace, signed
// rather than looked up, so that it keeps working after the mailbox (and its e-mails) were removed.
//
// The key and its rotation are keyed-signature.ts's; the label is this file's own.
import { keyedSigner } from "../../../lib/keyed-signature";

const signer = keyedSigner("herald email links v1", "the links of its e-mails");
const sign = (purpose: string, parts: string[]) => signer.sign(purpose, parts);
const verify = (purpose: string, parts: string[], signature: string) => signer.verify(purpose, parts, signature);

/** The signature of a tracked link: this e-mail's token may redirect to this address. */
export function signClick(token: string, url: string): string {
  return sign("click", [token, url]);
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
  return `${payload}.${sign("unsubscribe", [payload])}`;
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
