// Pipeline step `authorizing`: the mail platform grants Herald access to each created mailbox; the
// access is stored encrypted until the mailbox is connected. Granting again is harmless (the
// platform answers with the access as it stands). A mailbox the platform is still creating (a
// Microsoft 365 mailbox in its first minutes) keeps the step waiting, looked at again by the pipeline.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getMailPlatform } from "../../../providers/mail-platform";
import { encryptMailboxAccess } from "./mailbox-access";
import { DONE, liveDomains, moveOrderStatus, orderForStep, STOPPED, type StepOutcome } from "./order-step";

export async function authorizeOrderMailboxes(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["provisioning", "authorizing"]);
  if (!found.order) return found.outcome;
  if (!(await moveOrderStatus(orderId, ["provisioning"], "authorizing"))) return STOPPED;
  const platform = await getMailPlatform();
  for (const domain of liveDomains(found.order)) {
    for (const mailbox of domain.mailboxes) {
      if (mailbox.step !== "created") continue;
      if (!domain.tenantId || !mailbox.platformUserId) return STOPPED;
      const access = await platform.grantAccess({ tenantId: domain.tenantId, userId: mailbox.platformUserId, email: mailbox.email });
      // The platform is still creating this mailbox: the others are granted on a later look.
      if (!access) return { state: "waiting", waitingOn: `the mail platform to finish setting up ${mailbox.email}` };
      await db.mailboxOrderMailbox.updateMany({
        where: { id: mailbox.id, step: "created" },
        data: { accessEncrypted: encryptMailboxAccess(access), step: "authorized", updatedAt: now() },
      });
    }
  }
  return DONE;
}
