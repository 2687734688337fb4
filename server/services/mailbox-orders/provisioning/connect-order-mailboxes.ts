// Pipeline step `connecting`: each authorized mailbox becomes a Herald mailbox (connectedVia
// `managed`, on its ManagedDomain, renewed monthly from today), and its warmup starts with the
// order's strategy when the order asked for warmup. Every part is safe to repeat: the ManagedDomain
// is found by name, saveConnectedMailbox reconnects an address the workspace holds, and a warmup
// already running is left as it is; the mailbox is marked connected last.
import { db } from "../../../db/client";
import { addCalendarMonths } from "../../../domain/mailbox-orders/order-progress";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { getMailPlatform } from "../../../providers/mail-platform";
import type { MailboxAccess } from "../../../providers/mail-platform/types";
import { getRegistrar } from "../../../providers/registrar";
import { saveConnectedMailbox, type SaveConnectedMailboxInput } from "../../mail/mailboxes/save-connected-mailbox";
import { startWarmup } from "../../mail/warmup/start-warmup";
import { updateWarmupStrategy } from "../../mail/warmup/update-warmup-strategy";
import { readOrderWarmupStrategy } from "../mailbox-order-columns";
import type { MailboxOrderRow } from "../to-mailbox-order";
import { decryptMailboxAccess } from "./mailbox-access";
import { DONE, liveDomains, moveOrderStatus, orderForStep, STOPPED, type StepOutcome } from "./order-step";

type OrderDomain = MailboxOrderRow["domains"][number];

export async function connectOrderMailboxes(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["authorizing", "connecting"]);
  if (!found.order) return found.outcome;
  if (!(await moveOrderStatus(orderId, ["authorizing"], "connecting"))) return STOPPED;
  const order = found.order;
  const platform = await getMailPlatform();
  for (const domain of liveDomains(order)) {
    const managedDomainId = await ensureManagedDomain(order, domain);
    for (const mailbox of domain.mailboxes) {
      if (mailbox.step !== "authorized") continue;
      const current = await db.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true } });
      if (current?.status !== "connecting") return STOPPED;
      if (!mailbox.accessEncrypted || !mailbox.platformUserId) return STOPPED;
      const connectedAt = now();
      const saved = await saveConnectedMailbox({
        workspaceId: order.workspaceId,
        email: mailbox.email,
        ...orderMailboxConnection(decryptMailboxAccess(mailbox.accessEncrypted), platform.name === "microsoft-graph" ? mailbox.platformUserId : null),
        connectedVia: "managed",
        fromName: `${mailbox.firstName} ${mailbox.lastName}`,
        managed: {
          managedDomainId,
          managedIsAdmin: mailbox.isAdmin,
          managedUserId: mailbox.platformUserId,
          managedStatus: "active",
          managedRenewsAt: addCalendarMonths(connectedAt, 1),
        },
      });
      if (order.warmupEnabled) await startOrderWarmup(order, saved.id);
      // The access now lives in the mailbox's own credentials; the order keeps no copy.
      await db.mailboxOrderMailbox.updateMany({
        where: { id: mailbox.id, step: "authorized" },
        data: { step: "connected", accountId: saved.id, connectedAt, accessEncrypted: null, updatedAt: now() },
      });
    }
  }
  return DONE;
}

/**
 * How Herald uses the granted access: the sandbox's own provider, Microsoft Graph with the
 * installation's app registration (no secret of the mailbox's own), or SMTP and IMAP with a password.
 * `graphUserId` is the user in Herald's Microsoft 365 tenant when the platform is Microsoft Graph: a
 * mailbox an earlier Herald authorized with a password (which Exchange Online refuses) is reached
 * through Graph as that user instead.
 */
export function orderMailboxConnection(access: MailboxAccess, graphUserId: string | null): Pick<SaveConnectedMailboxInput, "provider" | "authType" | "settings" | "credentials"> {
  if (access.kind === "sandbox") return { provider: "sandbox", authType: "sandbox", settings: null, credentials: { kind: "sandbox" } };
  const userId = access.kind === "graph" ? access.userId : graphUserId;
  if (userId) return { provider: "microsoft-graph", authType: "app", settings: null, credentials: { kind: "app", userId } };
  if (access.kind !== "password") throw new Error("Graph access without a user");
  return {
    provider: "smtp",
    authType: "password",
    settings: { smtp: { ...access.smtp, username: access.username }, imap: { ...access.imap, username: access.username } },
    credentials: { kind: "password", smtpPassword: access.password, imapPassword: access.password },
  };
}

/** The ManagedDomain the order domain became, or the one of the workspace it adds mailboxes to. */
async function ensureManagedDomain(order: MailboxOrderRow, domain: OrderDomain): Promise<string> {
  if (domain.managedDomainId) return domain.managedDomainId;
  const held = await db.managedDomain.findUnique({ where: { name: domain.name } });
  if (held && held.workspaceId !== order.workspaceId) throw new Error(`${domain.name} is held by another workspace`);
  let id = held?.id;
  if (!id) {
    if (!domain.tenantId) throw new Error(`${domain.name} has no mail platform tenant yet`);
    const registrar = domain.existing ? null : await getRegistrar();
    const registration = registrar ? await registrar.findRegistration(domain.name) : null;
    const platform = await getMailPlatform();
    const at = now();
    const created = await db.managedDomain.create({
      data: {
        workspaceId: order.workspaceId,
        name: domain.name,
        registrar: registrar?.name ?? null,
        registrarId: domain.registrarId,
        platform: domain.platform,
        platformProvider: platform.name,
        tenantId: domain.tenantId,
        renewsAt: registration?.expiresAt ?? null,
        orderId: order.id,
        createdAt: at,
        updatedAt: at,
      },
    });
    id = created.id;
  }
  await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { managedDomainId: id, updatedAt: now() } });
  return id;
}

/**
 * Warmup is part of what the order bought, so it starts on the workspace's behalf rather than as the
 * person who ordered (who may have left the workspace or lost a role since). The warmup services
 * only scope by the actor's workspace; this actor names the order's creator when known.
 */
function orderActor(order: MailboxOrderRow): Actor {
  return { userId: order.createdByUserId ?? `system:mailbox-order:${order.id}`, workspaceId: order.workspaceId, role: "owner", canManageBilling: false };
}

async function startOrderWarmup(order: MailboxOrderRow, mailboxId: string): Promise<void> {
  const actor = orderActor(order);
  const strategy = readOrderWarmupStrategy(order.warmupStrategy);
  if (strategy) {
    // A change names a preset or gives values ("custom" is what values make, not a name to send).
    const { preset, ...values } = strategy;
    await updateWarmupStrategy(actor, mailboxId, preset === "custom" ? values : { preset });
  }
  await startWarmup(actor, mailboxId);
}
