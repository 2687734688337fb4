// An inbound e-mail a provider posts as an HTML form (SendGrid's Inbound Parse, a Mailgun route
// forwarding to a URL): the form read with the platform's own parser (the Fetch API's
// Response.formData, multipart or urlencoded alike), and the raw MIME message it carries read
// into an IncomingEmail as the IMAP reader reads one (smtp/incoming-message.ts).
import { createHash } from "node:crypto";
import { toIncomingEmail } from "../smtp/incoming-message";
import type { IncomingEmail } from "../types";
import { ApiWebhookRefused } from "./types";

/** The form's text fields; a file part is read as text too (a raw MIME message may come as one). */
export async function readWebhookForm(rawBody: string, contentType: string): Promise<Map<string, string>> {
  let form: FormData;
  try {
    form = await new Response(rawBody, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiWebhookRefused("The inbound request is not a readable form.");
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    if (fields.has(name)) continue;
    fields.set(name, typeof value === "string" ? value : await value.text());
  }
  return fields;
}

/**
 * The raw message as an IncomingEmail. Its position (`uid`) is a digest of the message, so a
 * redelivered post reads as the same message; `receivedAt` is when the provider received it.
 */
export async function inboundEmail(provider: string, raw: string, receivedAt: Date): Promise<IncomingEmail> {
  const position = `${provider}:${createHash("sha256").update(raw).digest("hex").slice(0, 32)}`;
  return toIncomingEmail(position, Buffer.from(raw, "utf8"), receivedAt);
}
