// PLACEHOLDER (foundation): every message is a reply with its whole text. Replaced by the parsers.
import type { IncomingEmail } from "../../providers/mail/types";
import type { IncomingClassification } from "./inbound-types";

/** What kind of message arrived: a bounce, a spam complaint, an auto-reply, or a person's reply. */
export async function classifyIncomingEmail(email: IncomingEmail): Promise<IncomingClassification> {
  return { kind: "reply", text: email.text.trim() };
}
