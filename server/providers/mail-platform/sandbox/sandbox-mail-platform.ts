// The sandbox mail platform: Herald's default host for managed mailboxes, a simulated Google
// Workspace and Microsoft 365 whose tenants and users are the SandboxMailTenant and SandboxMailUser
// tables. A tenant is ready (its domain verified) a seeded 5–30 s after it was created on Herald's
// clock; `slowplatform` and `platformfail` in the domain's first label lag or refuse in known ways
// (../../registrar/sandbox/sandbox-markers.ts). Creations are inserts that skip a duplicate, so a
// repeated or concurrent call finds what the first one made. Access is the sandbox mail network's.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { MAIL_PLATFORMS, type TMailPlatform } from "../../../schemas/mailbox-order";
import { ProvisioningError } from "../../provisioning-error";
import { PLATFORM_FAIL_MS, sandboxMarkers, seededSettleMs, SLOW_PLATFORM_MS } from "../../registrar/sandbox/sandbox-markers";
import type { MailPlatform, MailTenant } from "../types";
import { sandboxTenantRecords } from "./sandbox-mail-dns";

interface TenantRow {
  id: string;
  domain: string;
  platform: string;
  createdAt: Date;
  readyAt: Date;
}

function platformOf(row: TenantRow): TMailPlatform {
  return row.platform === "microsoft" ? "microsoft" : "google";
}

function toTenant(row: TenantRow): MailTenant {
  return {
    tenantId: row.id,
    ready: now().getTime() >= row.readyAt.getTime(),
    dnsRecords: sandboxTenantRecords(row.domain, platformOf(row)),
  };
}

function notFound(what: string): ProvisioningError {
  return new ProvisioningError("refused", `The mail platform holds no ${what}.`, { reason: "not-found" });
}

async function tenantById(tenantId: string) {
  const row = await db.sandboxMailTenant.findUnique({ where: { id: tenantId } });
  if (!row) throw notFound(`tenant ${tenantId}`);
  return row;
}

/** Why the tenant cannot take users now (a retry later works), or null when it can. */
function notAcceptingUsers(tenant: TenantRow): string | null {
  const at = now().getTime();
  if (at < tenant.readyAt.getTime()) return `The mail platform has not verified ${tenant.domain} yet.`;
  if (sandboxMarkers(tenant.domain).has("platformfail") && at < tenant.createdAt.getTime() + PLATFORM_FAIL_MS) {
    return `The mail platform could not create users on ${tenant.domain} just now.`;
  }
  return null;
}

export function createSandboxMailPlatform(): MailPlatform {
  return {
    name: "sandbox",
    platforms: MAIL_PLATFORMS,

    async ensureTenant(input) {
      const domain = input.domain.trim().toLowerCase();
      if (!domain.includes(".")) throw new ProvisioningError("refused", `“${input.domain}” is not a domain name.`, { reason: "invalid" });
      const createdAt = now();
      const settleMs = sandboxMarkers(domain).has("slowplatform") ? SLOW_PLATFORM_MS : seededSettleMs("tenant", domain);
      const { count } = await db.sandboxMailTenant.createMany({
        data: [{ domain, platform: input.platform, createdAt, readyAt: new Date(createdAt.getTime() + settleMs) }],
        skipDuplicates: true,
      });
      if (count === 0) await db.sandboxMailTenant.updateMany({ where: { domain }, data: { createCalls: { increment: 1 } } });
      const row = await db.sandboxMailTenant.findUniqueOrThrow({ where: { domain } });
      if (row.platform !== input.platform) {
        throw new ProvisioningError("refused", `${domain} is already set up on the other mail platform.`, { reason: "platform-mismatch" });
      }
      return toTenant(row);
    },

    async getTenant(input) {
      return toTenant(await tenantById(input.tenantId));
    },

    async ensureUser(input) {
      const tenant = await tenantById(input.tenantId);
      const email = input.email.trim().toLowerCase();
      if (email.slice(email.lastIndexOf("@") + 1) !== tenant.domain) {
        throw new ProvisioningError("refused", `${input.email} is not an address of ${tenant.domain}.`, { reason: "invalid" });
      }
      const existing = await db.sandboxMailUser.findUnique({ where: { email } });
      if (existing && !existing.deletedAt) {
        if (existing.tenantId !== tenant.id) throw new ProvisioningError("refused", `${email} belongs to another tenant.`, { reason: "taken" });
        await db.sandboxMailUser.updateMany({ where: { id: existing.id }, data: { createCalls: { increment: 1 } } });
        return { userId: existing.id };
      }
      const refusal = notAcceptingUsers(tenant);
      if (refusal) throw new ProvisioningError("transient", refusal);

      const user = { firstName: input.firstName, lastName: input.lastName, isAdmin: input.isAdmin, createdAt: now() };
      const { count } = await db.sandboxMailUser.createMany({ data: [{ ...user, tenantId: tenant.id, email }], skipDuplicates: true });
      // A deleted user of the address comes back as a new user of this tenant.
      if (count === 0) await db.sandboxMailUser.updateMany({ where: { email, deletedAt: { not: null } }, data: { ...user, tenantId: tenant.id, deletedAt: null, accessGrantedAt: null } });
      const row = await db.sandboxMailUser.findUniqueOrThrow({ where: { email } });
      return { userId: row.id };
    },

    async grantAccess(input) {
      const user = await db.sandboxMailUser.findUnique({ where: { id: input.userId } });
      if (!user || user.deletedAt || user.tenantId !== input.tenantId) throw notFound(`user ${input.email}`);
      await db.sandboxMailUser.updateMany({ where: { id: user.id, accessGrantedAt: null }, data: { accessGrantedAt: now() } });
      return { kind: "sandbox" };
    },

    async removeUser(input) {
      await db.sandboxMailUser.updateMany({ where: { id: input.userId, deletedAt: null }, data: { deletedAt: now() } });
    },
  };
}
