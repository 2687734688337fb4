// The access a mail platform granted Herald to a mailbox, kept encrypted on the order's mailbox
// between `authorizing` and `connecting`, and read back through its schema.
import { z } from "zod";
import { decryptSecret, encryptSecret } from "../../../lib/encryption";
import type { MailboxAccess } from "../../../providers/mail-platform/types";

const ZServer = z.object({ host: z.string(), port: z.number().int(), security: z.enum(["tls", "starttls", "none"]) });

const ZMailboxAccess = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sandbox") }),
  z.object({ kind: z.literal("graph"), userId: z.string() }),
  z.object({ kind: z.literal("password"), username: z.string(), password: z.string(), smtp: ZServer, imap: ZServer }),
]);

export function encryptMailboxAccess(access: MailboxAccess): string {
  return encryptSecret(JSON.stringify(ZMailboxAccess.parse(access)));
}

export function decryptMailboxAccess(value: string): MailboxAccess {
  return ZMailboxAccess.parse(JSON.parse(decryptSecret(value)));
}
