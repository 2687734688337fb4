// Cancelling a managed mailbox (POST /email-accounts/{id}/cancel-managed). It keeps working until its
// renewal date (cancelAt), when the renewal cron removes it and billing stops. Neither the
// managed-mailbox feature gate (it governs buying) nor the email channel switch applies: a
// workspace can always stop paying for what it bought.
import { db } from "../../../db/client";
import { requireBillingPermission, type Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import type { TCancelManagedInput, TCancelManagedResult } from "../../../schemas/mailbox-order";
import { findMailbox } from "../../mail/mailboxes/find-mailbox";
import { toMailbox } from "../../mail/mailboxes/to-mailbox";
import { lockManagedDomain, markMailboxCancelling } from "./mark-mailbox-cancelling";
import { stopDomainRenewalWhenIdle } from "./stop-domain-renewal";

export async function cancelManagedMailbox(actor: Actor, mailboxId: string, input: TCancelManagedInput): Promise<TCancelManagedResult> {
  const found = await findMailbox(actor, mailboxId);
  if (found.connectedVia !== "managed" || !found.managedDomainId) {
    throw new HeraldError({
      code: "not-managed",
      message: `${found.email} was connected by the workspace, not bought through Herald: remove it instead of cancelling it.`,
    });
  }
  requireBillingPermission(actor, `cancel the managed mailbox ${found.email}`);

  const at = now();
  const row = await db.$transaction(async (tx) => {
    const { current, othersActive } = await lockManagedDomain(tx, found);
    if (!current) throw new HeraldError({ code: "not-found", message: "No mailbox with this id in the workspace" });
    // A repeated cancel answers as the first did.
    if (current.managedStatus === "cancelling") return current;
    if (current.managedIsAdmin && othersActive > 0 && input.confirmAdmin !== true) {
      const domain = current.email.slice(current.email.indexOf("@") + 1);
      throw new HeraldError({
        code: "admin-mailbox",
        message: `${current.email} is the admin mailbox of ${domain}, and ${othersActive} other mailbox${othersActive === 1 ? "" : "es"} still run${othersActive === 1 ? "s" : ""} on it. Cancelling it means no mailbox can be added to ${domain} again: send confirmAdmin true to cancel it anyway.`,
      });
    }
    return markMailboxCancelling(tx, current, at);
  });
  // The cancel stands when the registrar does not answer: the renewal cron stops the idle domain's
  // renewal before it would renew it.
  await stopDomainRenewalWhenIdle(found.managedDomainId, at).catch((error: unknown) => {
    logger.warn("managed mailboxes: stopping the domain's renewal failed; the renewal cron tries again", {
      domainId: found.managedDomainId,
      error: error instanceof Error ? error.message : String(error),
    });
  });
  return { cancelAt: row.managedCancelAt!.toISOString(), account: await toMailbox(row) };
}
