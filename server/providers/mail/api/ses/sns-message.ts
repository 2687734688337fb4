// Amazon SNS messages as Herald receives them (SES events reach Herald through an SNS topic's HTTPS
// subscription). SNS signs every message with the key of a certificate it serves from its own
// host; the certificate's address is in the message, so it is only fetched from SNS's host for the
// topic's region (https://sns.<region>.amazonaws.com/…pem), never from a host the sender chose.
// Signature versions 1 (SHA1withRSA) and 2 (SHA256withRSA) are checked, over the fields SNS
// documents for each message type, in their documented order.
import { createVerify, X509Certificate } from "node:crypto";
import { z } from "zod";
import { ApiWebhookRefused } from "../types";

const ZSnsMessage = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Message: z.string(),
  Timestamp: z.string().min(1),
  SignatureVersion: z.enum(["1", "2"]),
  Signature: z.string().min(1),
  SigningCertURL: z.string().min(1),
  Subject: z.string().nullish(),
  Token: z.string().optional(),
  SubscribeURL: z.string().optional(),
  UnsubscribeURL: z.string().optional(),
});
export type SnsMessage = z.infer<typeof ZSnsMessage>;

/** How a certificate is fetched (a loopback stand-in in tests); returns the PEM text. */
export type FetchCertificate = (url: string) => Promise<string>;

export interface SnsVerifyOptions {
  fetchCertificate: FetchCertificate;
  /**
   * For tests only (HERALD_SNS_TEST_CERT_URL_PREFIX, refused in production): an address prefix,
   * e.g. http://127.0.0.1:4000/, also accepted for SigningCertURL and SubscribeURL.
   */
  testUrlPrefix?: string | null;
  now: Date;
}

/** The fields a message's signature covers, in SNS's order (Subject only when present). */
export function snsStringToSign(message: SnsMessage): string {
  const keys: (keyof SnsMessage)[] =
    message.Type === "Notification"
      ? ["Message", "MessageId", ...(message.Subject != null ? (["Subject"] as const) : []), "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return keys.map((key) => `${key}\n${message[key] ?? ""}\n`).join("");
}

/** The region of a topic (arn:aws:sns:<region>:<account>:<name>). */
function topicRegion(topicArn: string): string | null {
  const match = /^arn:aws(?:-[a-z]+)*:sns:([a-z0-9-]+):\d{12}:[A-Za-z0-9_.-]+$/.exec(topicArn);
  return match ? match[1]! : null;
}

/** Whether the address is SNS's own, for the topic's region (or the test prefix outside production). */
export function isSnsUrl(value: string, topicArn: string, testUrlPrefix: string | null | undefined, kind: "certificate" | "subscribe"): boolean {
  // A certificate's address is a plain path: a query or fragment would only make one certificate
  // many addresses (and many fetches and cache entries).
  if (kind === "certificate" && /[?#]/.test(value)) return false;
  if (testUrlPrefix && value.startsWith(testUrlPrefix)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const region = topicRegion(topicArn);
  if (!region || url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const hosts = [`sns.${region}.amazonaws.com`, `sns.${region}.amazonaws.com.cn`];
  if (!hosts.includes(url.hostname)) return false;
  return kind === "certificate" ? url.pathname.endsWith(".pem") : url.searchParams.get("Action") === "ConfirmSubscription";
}

/** Parses the body as an SNS message and checks its signature; throws ApiWebhookRefused otherwise. */
export async function verifySnsMessage(rawBody: string, options: SnsVerifyOptions): Promise<SnsMessage> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new ApiWebhookRefused("The body is not an SNS message (not JSON)");
  }
  const result = ZSnsMessage.safeParse(parsed);
  if (!result.success) throw new ApiWebhookRefused("The body is not an SNS message");
  const message = result.data;
  if (!isSnsUrl(message.SigningCertURL, message.TopicArn, options.testUrlPrefix, "certificate")) {
    throw new ApiWebhookRefused("The signing certificate is not on Amazon SNS's host for the topic's region");
  }
  let pem: string;
  try {
    pem = await options.fetchCertificate(message.SigningCertURL);
  } catch (error) {
    throw new ApiWebhookRefused(`The SNS signing certificate could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new ApiWebhookRefused("The SNS signing certificate could not be read");
  }
  const at = options.now.getTime();
  if (at < Date.parse(certificate.validFrom) || at > Date.parse(certificate.validTo)) throw new ApiWebhookRefused("The SNS signing certificate is not valid now");
  const verifier = createVerify(message.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  verifier.update(snsStringToSign(message), "utf8");
  if (!verifier.verify(certificate.publicKey, message.Signature, "base64")) throw new ApiWebhookRefused("The SNS signature does not match the message");
  return message;
}

const MAX_CERTIFICATE_BYTES = 16_384;
/** Certificates kept (SNS uses one per region at a time, and rotates it rarely): the least recently used goes first. */
export const MAX_CACHED_CERTIFICATES = 50;
const certificates = new Map<string, Promise<string>>();

/**
 * Fetches a certificate once per address (SNS rotates them under new names), without following
 * redirects; at most MAX_CACHED_CERTIFICATES are kept (a Map in use order: a hit moves to the end).
 */
export const fetchSnsCertificate: FetchCertificate = (url) => {
  const cached = certificates.get(url);
  if (cached) {
    certificates.delete(url);
    certificates.set(url, cached);
    return cached;
  }
  const pending = (async () => {
    const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`SNS answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_CERTIFICATE_BYTES || !text.includes("BEGIN CERTIFICATE")) throw new Error("not a certificate");
    return text;
  })();
  certificates.set(url, pending);
  while (certificates.size > MAX_CACHED_CERTIFICATES) certificates.delete(certificates.keys().next().value!);
  pending.catch(() => {
    if (certificates.get(url) === pending) certificates.delete(url);
  });
  return pending;
};
