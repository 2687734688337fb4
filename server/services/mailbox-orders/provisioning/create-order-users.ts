// Pipeline step `provisioning` (2/3): the mail platform user of each ordered mailbox (ensureUser
// finds a user it created before, so a repeat creates nothing). A platform that refuses for now
// fails the step; its retries, then the team's resume, try again.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getMailPlatform } from "../../../providers/mail-platform";
import { DONE, liveDomains, orderForStep, STOPPED, type StepOutcome } from "./order-step";

export async function createOrderUsers(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["provisioning"]);
  if (!found.order) return found.outcome;
  const platform = await getMailPlatform();
  for (const domain of liveDomains(found.order)) {
    for (const mailbox of domain.mailboxes) {
      if (mailbox.step !== "ordered") continue;
      if (!domain.tenantId) return STOPPED;
      const { userId } = await platform.ensureUser({
        tenantId: domain.tenantId,
        domain: domain.name,
        email: mailbox.email,
        firstName: mailbox.firstName,
        lastName: mailbox.lastName,
        isAdmin: mailbox.isAdmin,
      });
      await db.mailboxOrderMailbox.updateMany({ where: { id: mailbox.id, step: "ordered" }, data: { platformUserId: userId, step: "created", updatedAt: now() } });
    }
  }
  return DONE;
}
