// Right after a mailbox connects, its domain's DNS checks are asked for as a background job (the
// daily sweep would otherwise be the first): the event is sent without waiting, and a job runner
// that cannot be reached never fails or slows the connect (the daily sweep checks it anyway).
import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { mailboxDnsCheckDue } from "@/inngest/events";
import { logger } from "../../../lib/logger";

export function requestDnsCheck(mailboxId: string): void {
  if (!jobRunnerConfigured()) return;
  inngest.send(mailboxDnsCheckDue.create({ mailboxId })).catch((error: unknown) => {
    logger.warn("Could not ask for the DNS checks of a mailbox just connected; the daily check will run them", { mailboxId, error });
  });
}
