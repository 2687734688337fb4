// The Json and encrypted columns of Mailbox and RemovedMailbox, read and written in one place:
// `settings` (the SMTP and IMAP servers, not secret), `credentialsEncrypted` (the secrets, as
// encrypted JSON) and a removed mailbox's `snapshot`. Reading parses them with zod instead of
// trusting a cast, so a column written by an older Herald fails loudly rather than half-works.
import { z } from "zod";
import { decryptSecret, encryptSecret } from "../../../lib/encryption";
import { jsonColumnReader, toJsonColumn, type JsonObject } from "../../../lib/json-column";
import { ZMailServerSettings } from "../../../schemas/mailbox";
import type { MailboxServerSettings, MailCredentials } from "../../../providers/mail/types";
import { API_MAIL_PROVIDER_NAMES } from "../../../providers/mail/api/types";

const ZMailboxServerSettings = z.object({ smtp: ZMailServerSettings, imap: ZMailServerSettings }) satisfies z.ZodType<MailboxServerSettings>;

const ZMailCredentials = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sandbox") }),
  z.object({ kind: z.literal("password"), smtpPassword: z.string(), imapPassword: z.string() }),
  z.object({
    kind: z.literal("oauth"),
    refreshToken: z.string(),
    accessToken: z.string().nullable(),
    accessTokenExpiresAt: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("api"),
    provider: z.enum(API_MAIL_PROVIDER_NAMES),
    apiKey: z.string(),
    secretAccessKey: z.string().optional(),
    region: z.string().optional(),
    domain: z.string().optional(),
    webhookSecret: z.string().nullable(),
    imap: z.object({ host: z.string(), port: z.number().int(), security: z.enum(["tls", "starttls", "none"]), username: z.string(), password: z.string() }).optional(),
  }),
]) satisfies z.ZodType<MailCredentials>;

/** The settings a removed mailbox gives back when its address is connected again in time. */
const ZRestorableSettings = z.object({
  label: z.string(),
  fromName: z.string().nullable(),
  dailyLimit: z.number().int(),
  signature: z.string().nullable(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  timezone: z.string(),
});

const ZRemovedMailboxSnapshot = z.object({
  settings: ZRestorableSettings,
  /** The campaigns whose pool (emailAccountIds) held the mailbox. */
  campaignIds: z.array(z.string()),
  /** The campaign leads it was assigned (open ones), which it gets back if nobody else e-mailed them since. */
  campaignLeadIds: z.array(z.string()),
});
export type RemovedMailboxSnapshot = z.infer<typeof ZRemovedMailboxSnapshot>;

export const readMailboxSettings = jsonColumnReader(ZMailboxServerSettings.nullable(), "mailbox settings");
export const readRemovedMailboxSnapshot = jsonColumnReader(ZRemovedMailboxSnapshot, "removed mailbox snapshot");

export function mailboxSettingsColumn(settings: MailboxServerSettings): JsonObject {
  return toJsonColumn(settings);
}

export function removedMailboxSnapshotColumn(snapshot: RemovedMailboxSnapshot): JsonObject {
  return toJsonColumn(snapshot);
}

export function encryptMailCredentials(credentials: MailCredentials): string {
  return encryptSecret(JSON.stringify(credentials));
}

export function decryptMailCredentials(value: string): MailCredentials {
  const result = ZMailCredentials.safeParse(JSON.parse(decryptSecret(value)));
  if (!result.success) throw new Error(`The stored mailbox credentials do not have their expected shape: ${result.error.message}`);
  return result.data;
}
