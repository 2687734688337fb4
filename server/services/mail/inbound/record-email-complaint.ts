// A feedback report says the recipient marked one of Herald's e-mails as spam. The e-mail notes it,
// the mailbox counts it (once per e-mail), the address is opted out of the workspace's e-mails for
// every lead that has it (as unsubscribing does), the lead's campaign stops unless the workspace
// keeps LinkedIn steps going after an opt-out (decideEmailComplaint),
// and email.bounced fires with kind `complaint`. The address goes on the do-not-contact list (when the
// workspace does not keep LinkedIn steps going after an opt-out). The same report read twice changes nothing.
import { addDoNotContactEntries } from "../../do-not-contact/add-do-not-contact-entries";
import type { Prisma } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { decideEmailComplaint } from "../../../domain/sequence/decide-email-bounce";
import { setCampaignLeadStatus } from "../../campaigns/executor/settle-campaign-lead";
import { optOutEmailAddress } from "../../campaigns/opt-out-email-address";
import { STOPPABLE } from "../../campaigns/unsubscribe-address";
import type { Emit } from "../../events/with-outbox";
import type { IncomingMatch, IncomingOutcome, ParsedComplaint } from "./inbound-types";
import { pauseMailboxOnBounceRate } from "./pause-mailbox-on-bounce-rate";
import { emitEmailBounced, lockActiveCampaignLead, lockReportedEmail } from "./reported-email";

export async function recordEmailComplaint(
  tx: Prisma.TransactionClient,
  emit: Emit,
  /** `stored`: the report as it arrived; null for an e-mail API provider's webhook event. */
  input: { mailbox: Mailbox; stored: EmailMessage | null; match: IncomingMatch; complaint: ParsedComplaint },
): Promise<IncomingOutcome> {
  const outbound = await lockReportedEmail(tx, input.match.outboundEmailId);
  if (!outbound) return "unmatched";
  if (outbound.complainedAt) return "complaint";
  const at = now();
  await tx.emailMessage.update({ where: { id: outbound.id }, data: { complainedAt: at, updatedAt: at } });
  // The mailbox before the lead, in the order the executor's recording of a sent e-mail takes them.
  await tx.mailbox.update({ where: { id: outbound.mailboxId }, data: { complainedCount: { increment: 1 }, updatedAt: at } });
  // The analytics count the lead as complained (once).
  if (outbound.campaignLeadId) await tx.campaignLead.updateMany({ where: { id: outbound.campaignLeadId, complainedAt: null }, data: { complainedAt: at } });
  const recipient = outbound.toAddress.trim().toLowerCase();
  const leadActive = await lockActiveCampaignLead(tx, outbound.campaignLeadId);
  const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: outbound.workspaceId }, select: { optOutStopsLinkedin: true } });
  const decision = decideEmailComplaint({ leadActive, stopsLinkedin: workspace.optOutStopsLinkedin });
  if (decision.optOut) await optOutEmailAddress(tx, { workspaceId: outbound.workspaceId, address: recipient, at });
  // The address goes on the do-not-contact list (every channel), unless the workspace keeps LinkedIn
  // steps going after an opt-out: then only its e-mails stop, by the opt-out.
  if (workspace.optOutStopsLinkedin) {
    await addDoNotContactEntries(tx, { workspaceId: outbound.workspaceId, entries: [{ kind: "email", value: recipient, reason: "complaint" }], at });
  }
  if (decision.stopLead && outbound.campaignLeadId) {
    const campaignLead = await tx.campaignLead.findUniqueOrThrow({
      where: { id: outbound.campaignLeadId },
      include: { lead: { select: { firstName: true, lastName: true, publicIdentifier: true } } },
    });
    await setCampaignLeadStatus(tx, emit, campaignLead, "stopped", {}, [...STOPPABLE]);
  }
  await emitEmailBounced(emit, outbound, {
    kind: "complaint",
    bounce: { action: "complained", status: null, message: input.complaint.message },
    deadAddress: false,
    leadFailed: false,
    at,
  });
  await pauseMailboxOnBounceRate(tx, emit, outbound.mailboxId);
  return "complaint";
}
