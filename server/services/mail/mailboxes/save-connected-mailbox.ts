// Stores a mailbox whose settings were just checked (connect form, API, hosted link): a mailbox of
// the workspace with the same address is reconnected in place; a recently removed one comes back
// with its campaigns, leads and settings; otherwise a new mailbox starts with defaults.
import { randomBytes } from "node:crypto";
import { Prisma } from "../../../db/client";
import type { Mailbox, RemovedMailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { MailboxServerSettings, MailCredentials, MailProviderName } from "../../../providers/mail/types";
import type { TMailbox } from "../../../schemas/mailbox";
import { withOutbox, type Emit } from "../../events/with-outbox";
import { emitMailboxEvent } from "./emit-mailbox-event";
import { encryptMailCredentials, mailboxSettingsColumn, readRemovedMailboxSnapshot } from "./mailbox-columns";
import { requestDnsCheck } from "./request-dns-check";
import { requireEmailChannel } from "./require-email-channel";

export interface SaveConnectedMailboxInput {
  workspaceId: string;
  email: string;
  provider: MailProviderName;
  authType: TMailbox["authType"];
  connectedVia: TMailbox["connectedVia"];
  hostedLinkId?: string | null;
  /** SMTP and IMAP servers; null for the sandbox. */
  settings: MailboxServerSettings | null;
  credentials: MailCredentials;
  label?: string | null;
  fromName?: string | null;
  /** A managed mailbox (connectedVia `managed`, bought through a mailbox order): its subscription columns. */
  managed?: ManagedMailboxColumns;
}

export interface ManagedMailboxColumns {
  managedDomainId: string;
  managedIsAdmin: boolean;
  managedUserId: string;
  managedStatus: "active";
  managedRenewsAt: Date;
}

/** The secrets to keep: none for a mailbox reached with the installation's app registration (appCredentials). */
function storedCredentials(credentials: MailCredentials): string | null {
  return credentials.kind === "app" ? null : encryptMailCredentials(credentials);
}

/** An e-mail API mailbox's webhook token: random, the unguessable part of its provider webhook address. */
function webhookTokenFor(credentials: MailCredentials): string | null {
  return credentials.kind === "api" ? randomBytes(24).toString("base64url") : null;
}

/** The leads a mailbox can be given back: those still to run. */
const OPEN_STATUSES = ["pending", "running", "paused"] as const;

/**
 * Creates or reconnects the workspace's mailbox for this address and returns it. Emits
 * account.connected for a new (or restored) mailbox, and account.status_changed when a reconnect
 * clears an error. Refused (403) while the workspace's email channel is off.
 */
export async function saveConnectedMailbox(input: SaveConnectedMailboxInput): Promise<Mailbox> {
  const email = input.email.trim().toLowerCase();
  // Two connects of one address at once: the loser of the unique (workspace, email) reconnects instead.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const saved = await withOutbox(async (tx, emit) => {
        await requireEmailChannel(input.workspaceId, "connect a mailbox", tx);
        const existing = await tx.mailbox.findUnique({ where: { workspaceId_email: { workspaceId: input.workspaceId, email } } });
        if (existing) return reconnect(tx, emit, existing, input);
        const removed = await tx.removedMailbox.findFirst({
          where: { workspaceId: input.workspaceId, email, restoredAt: null, restorableUntil: { gt: now() } },
          orderBy: { removedAt: "desc" },
        });
        return create(tx, emit, { ...input, email }, removed);
      });
      // After the commit, so the check finds the mailbox as connected.
      requestDnsCheck(saved.id);
      return saved;
    } catch (error) {
      if (attempt === 0 && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
      throw error;
    }
  }
}

async function reconnect(tx: Prisma.TransactionClient, emit: Emit, existing: Mailbox, input: SaveConnectedMailboxInput): Promise<Mailbox> {
  const updated = await tx.mailbox.update({
    where: { id: existing.id },
    data: {
      provider: input.provider,
      authType: input.authType,
      hostedLinkId: input.hostedLinkId ?? existing.hostedLinkId,
      settings: input.settings ? mailboxSettingsColumn(input.settings) : Prisma.DbNull,
      credentialsEncrypted: storedCredentials(input.credentials),
      // The provider's webhook address stays what the person pasted at the provider, across reconnects.
      webhookToken: existing.webhookToken ?? webhookTokenFor(input.credentials),
      // A name given with this connect replaces the old one; none keeps what the person set before.
      label: input.label?.trim() || existing.label,
      fromName: input.fromName?.trim() || existing.fromName,
      status: "connected",
      error: null,
      // A managed connect makes the mailbox managed whatever it was; an ordinary reconnect keeps its subscription.
      ...(input.managed ? { connectedVia: input.connectedVia, ...input.managed } : {}),
      updatedAt: now(),
    },
  });
  if (existing.status !== "connected") {
    await emitMailboxEvent(tx, emit, updated, "account.status_changed", { previousStatus: existing.status });
  }
  return updated;
}

async function create(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: SaveConnectedMailboxInput,
  removed: RemovedMailbox | null,
): Promise<Mailbox> {
  const snapshot = removed ? readRemovedMailboxSnapshot(removed.snapshot) : null;
  const at = now();
  const row = await tx.mailbox.create({
    data: {
      workspaceId: input.workspaceId,
      email: input.email,
      provider: input.provider,
      authType: input.authType,
      connectedVia: input.connectedVia,
      hostedLinkId: input.hostedLinkId ?? null,
      settings: input.settings ? mailboxSettingsColumn(input.settings) : Prisma.DbNull,
      credentialsEncrypted: storedCredentials(input.credentials),
      webhookToken: webhookTokenFor(input.credentials),
      status: "connected",
      ...input.managed,
      // A restored mailbox is the one that was removed: its settings win over this connect's defaults.
      ...(snapshot
        ? { ...snapshot.settings, restoredFrom: removed!.mailboxId }
        : { label: input.label?.trim() || input.email, fromName: input.fromName?.trim() || null }),
      createdAt: at,
      updatedAt: at,
    },
  });
  if (removed && snapshot) {
    const campaigns = await tx.campaign.findMany({
      where: { id: { in: snapshot.campaignIds }, workspaceId: input.workspaceId },
      select: { id: true },
    });
    const campaignIds = campaigns.map((campaign) => campaign.id);
    if (campaignIds.length) {
      await tx.campaign.updateMany({ where: { id: { in: campaignIds } }, data: { emailAccountIds: { push: row.id }, updatedAt: at } });
      // Its leads come back unless they finished or another mailbox has e-mailed them since (that
      // thread stays there). The ids go as one array parameter: a busy mailbox held more leads than
      // a statement may have parameters.
      await tx.$executeRaw`
        UPDATE "CampaignLead"
           SET "emailAccountId" = ${row.id}, "updatedAt" = (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')
         WHERE id = ANY(${snapshot.campaignLeadIds}::text[])
           AND "campaignId" = ANY(${campaignIds}::text[])
           AND status::text = ANY(${[...OPEN_STATUSES]}::text[])
           AND "emailContacted" = false`;
    }
    await tx.removedMailbox.update({ where: { id: removed.id }, data: { restoredAt: at } });
  }
  await emitMailboxEvent(tx, emit, row, "account.connected");
  return row;
}
