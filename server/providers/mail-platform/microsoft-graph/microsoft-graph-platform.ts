// Microsoft 365 as the mail platform for managed mailboxes (HERALD_MAIL_PLATFORM=microsoft-graph),
// through Microsoft Graph as an app registration of Herald's own Microsoft 365 tenant. Every order
// domain is added to that one tenant (`POST /domains`), verified once its TXT record is published
// (`POST /domains/{id}/verify`), and given Exchange (`supportedServices` Email); each mailbox is a
// licensed user of the tenant, which Herald then reaches through Graph's mail API (../../mail/graph).
// Calls look things up first, so each is safe to repeat.
import { randomInt } from "node:crypto";
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import { ProvisioningError, isProvisioningError } from "../../provisioning-error";
import type { MailPlatform, MailTenant, MailboxAccess } from "../types";
import { checkGraphAccess } from "./graph-access";
import { createGraphClient, type GraphClientWithToken, type GraphOptions } from "./graph-client";

interface GraphDomain {
  id: string;
  isVerified?: boolean;
  isInitial?: boolean;
  supportedServices?: string[];
}

interface GraphDnsRecord {
  recordType?: string;
  label?: string;
  supportedService?: string;
  mailExchange?: string;
  preference?: number;
  text?: string;
  canonicalName?: string;
}

interface GraphUser {
  id: string;
  userPrincipalName?: string;
  assignedLicenses?: { skuId: string }[];
}

interface GraphSku {
  skuId: string;
  skuPartNumber?: string;
  appliesTo?: string;
  capabilityStatus?: string;
  consumedUnits?: number;
  prepaidUnits?: { enabled?: number };
}

/** Business plans that include an Exchange Online mailbox, preferred in this order when several have room. */
const MAILBOX_SKUS = ["EXCHANGESTANDARD", "O365_BUSINESS_ESSENTIALS", "O365_BUSINESS_PREMIUM", "EXCHANGEENTERPRISE", "SPB", "ENTERPRISEPACK", "SPE_E3"];

const LOWER = "abcdefghijkmnopqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const SYMBOLS = "!#%+-=?@^_";

/** A 24-character password meeting Microsoft's complexity rule (every character class), from a CSPRNG. */
export function strongPassword(): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const characters = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < 24) characters.push(pick(all));
  for (let index = characters.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other]!, characters[index]!];
  }
  return characters.join("");
}

function relativeHost(label: string | undefined, domain: string): string {
  const name = (label ?? "").toLowerCase().replace(/\.$/, "");
  if (name === "" || name === domain) return "@";
  return name.endsWith(`.${domain}`) ? name.slice(0, -(domain.length + 1)) : name;
}

/** Graph's DNS records (MX, TXT and CNAME; SRV is Teams', not mail's) as Herald's records. */
export function toDnsRecords(records: GraphDnsRecord[], domain: string): TDnsRecord[] {
  const out: TDnsRecord[] = [];
  for (const record of records) {
    const host = relativeHost(record.label, domain);
    const type = record.recordType?.toLowerCase();
    if (type === "mx" && record.mailExchange) out.push({ type: "MX", host, value: record.mailExchange, priority: record.preference ?? 0 });
    else if (type === "txt" && record.text) out.push({ type: "TXT", host, value: record.text, priority: null });
    else if (type === "cname" && record.canonicalName) out.push({ type: "CNAME", host, value: record.canonicalName, priority: null });
  }
  return out;
}

/**
 * The DKIM selector CNAMEs are not computed: newer tenants point them at
 * `selector1-<domain>._domainkey.<prefix>.n-v1.dkim.mail.microsoft`, older ones into the tenant's
 * `onmicrosoft.com` domain, and only Microsoft knows which (Defender docs, "Syntax for DKIM CNAME
 * records"). Graph documents no call that returns them: `serviceConfigurationRecords` lists MX, SPF
 * and autodiscover for Email; when it does list a CNAME at `selector1._domainkey`, Herald publishes
 * it like the others. Otherwise the admin reads them with `Get-DkimSigningConfig` (Selector1CNAME,
 * Selector2CNAME) after `New-DkimSigningConfig`, as docs/mailbox-orders.md says.
 */
export function createMicrosoftGraphPlatform(options: GraphOptions & { usageLocation?: string; skuPartNumber?: string }): MailPlatform {
  const client: GraphClientWithToken = createGraphClient(options);
  let accessChecked: Promise<void> | null = null;
  const domainPath = (domain: string) => `/domains/${encodeURIComponent(domain)}`;

  /** Every call first checks, once, that the app holds its permissions and directory role. */
  async function graph<T>(call: Parameters<GraphClientWithToken>[0]): Promise<T | null> {
    accessChecked ??= client.token().then((token) => checkGraphAccess(token));
    try {
      await accessChecked;
    } catch (error) {
      accessChecked = null;
      throw error;
    }
    return client<T>(call);
  }

  async function tenantOf(domain: GraphDomain): Promise<MailTenant> {
    const name = domain.id.toLowerCase();
    const what = `reading the DNS records Microsoft 365 needs for ${name}`;
    const verification = await graph<{ value?: GraphDnsRecord[] }>({ method: "GET", path: `${domainPath(name)}/verificationDnsRecords`, effect: "repeatable", what });
    const service = await graph<{ value?: GraphDnsRecord[] }>({ method: "GET", path: `${domainPath(name)}/serviceConfigurationRecords`, effect: "repeatable", what });
    const records = [
      ...toDnsRecords(verification?.value ?? [], name).filter((record) => record.type === "TXT"),
      ...toDnsRecords((service?.value ?? []).filter((record) => record.supportedService === "Email"), name),
    ];
    const unique = new Map(records.map((record) => [`${record.type}|${record.host}|${record.value}`, record]));
    return { tenantId: options.tenantId, ready: domain.isVerified === true, dnsRecords: [...unique.values()] };
  }

  async function verified(domain: GraphDomain): Promise<GraphDomain> {
    let current = domain;
    if (!current.isVerified) {
      try {
        current = (await graph<GraphDomain>({ method: "POST", path: `${domainPath(domain.id)}/verify`, effect: "repeatable", what: `verifying ${domain.id}` })) ?? current;
      } catch (error) {
        // Until the TXT record is visible to Microsoft, verification is refused: not ready yet.
        if (isProvisioningError(error) && error.kind === "refused" && error.reason === "invalid") return current;
        throw error;
      }
    }
    if (current.isVerified && !current.supportedServices?.includes("Email")) {
      await graph({
        method: "PATCH",
        path: domainPath(domain.id),
        body: { supportedServices: [...(current.supportedServices ?? []), "Email"] },
        effect: "repeatable",
        what: `turning on mail for ${domain.id}`,
      });
      current = { ...current, supportedServices: [...(current.supportedServices ?? []), "Email"] };
    }
    return current;
  }

  async function findUser(email: string): Promise<GraphUser | null> {
    return graph<GraphUser>({
      method: "GET",
      path: `/users/${encodeURIComponent(email)}?$select=id,userPrincipalName,assignedLicenses`,
      effect: "repeatable",
      what: `looking up ${email}`,
      missingIsNull: true,
    });
  }

  async function mailboxSku(email: string): Promise<string> {
    const body = await graph<{ value?: GraphSku[] }>({ method: "GET", path: "/subscribedSkus", effect: "repeatable", what: "reading the tenant's licenses" });
    const free = (body?.value ?? []).filter(
      (sku) => sku.appliesTo !== "Company" && sku.capabilityStatus === "Enabled" && (sku.prepaidUnits?.enabled ?? 0) > (sku.consumedUnits ?? 0),
    );
    const preferred = options.skuPartNumber ? [options.skuPartNumber] : MAILBOX_SKUS;
    const sku = preferred.map((part) => free.find((candidate) => candidate.skuPartNumber === part)).find(Boolean) ?? (options.skuPartNumber ? undefined : free[0]);
    if (!sku) throw new ProvisioningError("refused", `Herald's Microsoft 365 subscription has no free mailbox license for ${email}`, { reason: "no-license" });
    return sku.skuId;
  }

  return {
    name: "microsoft-graph",
    platforms: ["microsoft"],

    async ensureTenant({ domain, platform }) {
      if (platform !== "microsoft") throw new ProvisioningError("refused", `Microsoft 365 cannot host ${domain} on ${platform}`, { reason: "platform" });
      const name = domain.toLowerCase();
      let found = await graph<GraphDomain>({ method: "GET", path: domainPath(name), effect: "repeatable", what: `looking up ${name}`, missingIsNull: true });
      if (!found) {
        try {
          found = await graph<GraphDomain>({ method: "POST", path: "/domains", body: { id: name }, effect: "once", what: `adding ${name} to Microsoft 365` });
        } catch (error) {
          // Added by this or an earlier call whose answer was lost: if it is there now, carry on.
          found = await graph<GraphDomain>({ method: "GET", path: domainPath(name), effect: "repeatable", what: `looking up ${name}`, missingIsNull: true });
          if (!found) throw error;
        }
      }
      return tenantOf(found ?? { id: name });
    },

    async getTenant({ domain }) {
      const name = domain.toLowerCase();
      const found = await graph<GraphDomain>({ method: "GET", path: domainPath(name), effect: "repeatable", what: `looking up ${name}`, missingIsNull: true });
      if (!found) throw new ProvisioningError("refused", `${name} is not in Herald's Microsoft 365 tenant`, { reason: "missing" });
      return tenantOf(await verified(found));
    },

    async ensureUser({ email, firstName, lastName }) {
      const address = email.toLowerCase();
      let user = await findUser(address);
      if (!user) {
        const body = {
          accountEnabled: true,
          displayName: `${firstName} ${lastName}`.trim() || address,
          mailNickname: address.split("@")[0]!.replace(/[^a-z0-9._-]/g, "") || "mailbox",
          userPrincipalName: address,
          // A license can only be assigned to a user with a usage location. Graph requires a password to
          // create a user; this one is never kept (Herald does not sign in as the user).
          usageLocation: options.usageLocation ?? "US",
          givenName: firstName || undefined,
          surname: lastName || undefined,
          passwordProfile: { forceChangePasswordNextSignIn: false, password: strongPassword() },
        };
        try {
          user = await graph<GraphUser>({ method: "POST", path: "/users", body, effect: "once", what: `creating ${address}` });
        } catch (error) {
          // A lost answer (or "already exists") is settled by looking: only a user that is not there fails.
          user = await findUser(address);
          if (!user) throw error;
        }
        if (!user?.id) user = await findUser(address);
        if (!user) throw new ProvisioningError("transient", `Microsoft 365 did not show ${address} after creating it`);
      }
      if (!user.assignedLicenses?.length) {
        await graph({
          method: "POST",
          path: `/users/${encodeURIComponent(user.id)}/assignLicense`,
          body: { addLicenses: [{ skuId: await mailboxSku(address), disabledPlans: [] }], removeLicenses: [] },
          effect: "repeatable",
          what: `licensing ${address}`,
        });
      }
      // Admin mailboxes are ordinary users: Herald never hands out directory roles in its tenant.
      return { userId: user.id };
    },

    // No password: the mailbox is reached through Graph's mail API with the app's Mail.Send and
    // Mail.ReadWrite (checked with the others before the first call), as the user's object id.
    // Exchange creates the mailbox some minutes after the license is assigned; until its inbox
    // answers, Graph says MailboxNotEnabledForRESTAPI (404), and the order waits for it.
    async grantAccess({ userId, email }): Promise<MailboxAccess | null> {
      const inbox = await graph({ method: "GET", path: `/users/${encodeURIComponent(userId)}/mailFolders/inbox?$select=id`, effect: "repeatable", what: `opening the inbox of ${email}`, missingIsNull: true });
      return inbox ? { kind: "graph", userId } : null;
    },

    async removeUser({ userId, email }) {
      await graph({ method: "DELETE", path: `/users/${encodeURIComponent(userId)}`, effect: "repeatable", what: `removing ${email}`, missingIsNull: true });
    },
  };
}
