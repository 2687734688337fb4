// PLACEHOLDER (foundation): matches nothing. Replaced by the matching by headers, then by address.
import type { Mailbox } from "../../db/generated/client";
import type { IncomingEmail } from "../../providers/mail/types";
import type { IncomingClassification, IncomingMatch } from "./inbound-types";

export async function matchIncomingEmail(mailbox: Mailbox, email: IncomingEmail, classification: IncomingClassification, messageId: string): Promise<IncomingMatch> {
  void mailbox;
  void email;
  void classification;
  return { by: "none", leadId: null, campaignLeadId: null, campaignId: null, outboundEmailId: null, threadRootId: messageId };
}
