// Managed mailboxes for tests, written straight to the tables as if an order had completed: a seeded
// order (server/test/mailbox-order-seed.ts), its ManagedDomain, and one managed Mailbox per address
// (the first the domain's admin), renewing a month after now().
import { db } from "../db/client";
import { now } from "../lib/clock";
import type { TMailPlatform } from "../schemas/mailbox-order";
import { addCalendarMonths } from "../domain/mailbox-orders/order-progress";
import { seedMailboxOrder, testDomainName } from "./mailbox-order-seed";

export interface SeedManagedOptions {
  domain?: string;
  platform?: TMailPlatform;
  /** Local parts of the mailboxes; the first is the domain's admin mailbox. */
  mailboxes?: string[];
  /** The domain's registration expiry; a year after now() unless given. */
  domainRenewsAt?: Date;
}

export async function seedManagedMailboxes(workspaceId: string, options: SeedManagedOptions = {}) {
  const at = now();
  const name = options.domain ?? testDomainName("managed");
  const platform = options.platform ?? "google";
  const localParts = options.mailboxes ?? ["admin", "sales"];
  const order = await seedMailboxOrder(workspaceId, [{ name, platform, mailboxes: localParts.map((localPart) => ({ localPart })) }], { status: "completed" });
  const domain = await db.managedDomain.create({
    data: {
      workspaceId,
      name,
      registrar: "sandbox",
      registrarId: `reg-${name}`,
      platform,
      platformProvider: "sandbox",
      tenantId: `tenant-${name}`,
      renewsAt: options.domainRenewsAt ?? new Date(at.getTime() + 365 * 86_400_000),
      orderId: order.id,
      createdAt: at,
      updatedAt: at,
    },
  });
  const mailboxes = [];
  for (const [index, localPart] of localParts.entries()) {
    const email = `${localPart}@${name}`;
    mailboxes.push(
      await db.mailbox.create({
        data: {
          workspaceId,
          label: email,
          email,
          provider: "sandbox",
          authType: "sandbox",
          connectedVia: "managed",
          status: "connected",
          managedDomainId: domain.id,
          managedIsAdmin: index === 0,
          managedUserId: `user-${email}`,
          managedStatus: "active",
          managedRenewsAt: addCalendarMonths(at, 1),
          createdAt: at,
          updatedAt: at,
        },
      }),
    );
  }
  return { order, domain, mailboxes };
}
