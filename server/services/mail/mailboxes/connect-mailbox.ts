import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import type { TConnectMailboxInput, TMailbox } from "../../../schemas/mailbox";
import { requireEmailChannel } from "./require-email-channel";
import { saveConnectedMailbox } from "./save-connected-mailbox";
import { toMailbox } from "./to-mailbox";
import { verifyMailboxSettings } from "./verify-mailbox-settings";

/**
 * Connects a password (SMTP + IMAP) or sandbox mailbox: the settings are checked by really signing
 * in, and only a mailbox that works is stored. The same address again reconnects it (new password,
 * error cleared); a recently removed one is restored.
 */
export async function connectMailbox(actor: Actor, input: TConnectMailboxInput, options: { via: "api" | "dashboard" }): Promise<TMailbox> {
  await requireEmailChannel(actor.workspaceId, "connect a mailbox");
  const existing = await db.mailbox.findUnique({
    where: { workspaceId_email: { workspaceId: actor.workspaceId, email: input.email } },
    select: { id: true },
  });
  const checked = await verifyMailboxSettings(actor.workspaceId, input, existing?.id ?? null);
  const row = await saveConnectedMailbox({
    workspaceId: actor.workspaceId,
    email: input.email,
    provider: input.provider,
    authType: checked.authType,
    connectedVia: options.via,
    settings: checked.settings,
    credentials: checked.credentials,
    label: input.label,
    fromName: input.fromName,
  });
  return toMailbox(row);
}
