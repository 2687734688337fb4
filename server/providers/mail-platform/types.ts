// A mail platform that hosts managed mailboxes (Google Workspace or Microsoft 365), as mailbox
// orders use it: a tenant (or domain) per order domain, a user per mailbox, and access for Herald
// to send and read as that user. Every call is safe to repeat (looked up by domain or address
// first). Failures are ProvisioningErrors (../provisioning-error.ts). The sandbox (./sandbox) is the
// default; Microsoft Graph (./microsoft-graph) is real.
import type { TDnsRecord, TMailPlatform } from "../../schemas/mailbox-order";

export type MailPlatformProviderName = "sandbox" | "microsoft-graph";

export interface MailTenant {
  tenantId: string;
  /** The domain is verified at the platform and users can be created. */
  ready: boolean;
  /** The records the domain must publish: MX, SPF and DKIM (and the platform's verification record). */
  dnsRecords: TDnsRecord[];
}

/** How Herald sends and reads as the mailbox once access was granted. */
export type MailboxAccess =
  | { kind: "sandbox" }
  /** Microsoft Graph with the installation's app registration (Mail.Send, Mail.ReadWrite): the user's object id. */
  | { kind: "graph"; userId: string }
  | {
      kind: "password";
      username: string;
      password: string;
      smtp: { host: string; port: number; security: "tls" | "starttls" | "none" };
      imap: { host: string; port: number; security: "tls" | "starttls" | "none" };
    };

export interface MailPlatform {
  readonly name: MailPlatformProviderName;
  /** The platforms (google, microsoft) this provider can host. */
  readonly platforms: readonly TMailPlatform[];
  /** Creates (or finds) the tenant for the domain; `ready` false until the platform verified the domain. */
  ensureTenant(input: { domain: string; platform: TMailPlatform; reference: string }): Promise<MailTenant>;
  /** The tenant as it is now (poll until ready). */
  getTenant(input: { domain: string; tenantId: string }): Promise<MailTenant>;
  /** Creates (or finds) the user of this address. */
  ensureUser(input: { tenantId: string; domain: string; email: string; firstName: string; lastName: string; isAdmin: boolean }): Promise<{ userId: string }>;
  /**
   * Grants Herald access to the user's mailbox and says how to use it; null while the platform is
   * still creating the mailbox (Exchange takes some minutes after the license): look again later.
   */
  grantAccess(input: { tenantId: string; userId: string; email: string }): Promise<MailboxAccess | null>;
  /** Deletes the user (a cancelled managed mailbox at its cancel date); no-op when gone. */
  removeUser(input: { tenantId: string; userId: string; email: string }): Promise<void>;
}
