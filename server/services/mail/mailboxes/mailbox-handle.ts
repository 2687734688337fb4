import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { appCredentials } from "../../../providers/mail/graph/app-credentials";
import { mailProviderName, type MailboxHandle, type MailProviderName } from "../../../providers/mail/types";
import { decryptMailCredentials, encryptMailCredentials, readMailboxSettings } from "./mailbox-columns";

/**
 * A stored mailbox as a mail provider sees it: the secrets decrypted for this use only, and a hook
 * that stores renewed ones (a refreshed OAuth access token) encrypted again.
 */
export function mailboxHandle(row: Mailbox): MailboxHandle {
  const provider: MailProviderName = mailProviderName(row.provider);
  if (!row.credentialsEncrypted && provider !== "sandbox" && provider !== "microsoft-graph") {
    throw new Error(`Mailbox ${row.id} has no stored credentials`);
  }
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    provider,
    settings: readMailboxSettings(row.settings),
    credentials:
      provider === "microsoft-graph" ? appCredentials(row) : row.credentialsEncrypted ? decryptMailCredentials(row.credentialsEncrypted) : { kind: "sandbox" },
    onCredentialsChanged: async (credentials) => {
      // updateMany: the mailbox may have been removed while the provider worked; nothing to store then.
      await db.mailbox.updateMany({
        where: { id: row.id },
        data: { credentialsEncrypted: encryptMailCredentials(credentials), updatedAt: now() },
      });
    },
  };
}
