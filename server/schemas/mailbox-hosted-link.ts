// Mailbox hosted links: a page where a person connects a Google or Microsoft mailbox by signing in
// on the provider's own page (OAuth 2.0), so nobody hands Herald a password. Shared by REST, tRPC,
// OpenAPI and the dashboard.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { WEB_URL_RULE, webUrl } from "./web-url";

export const ZOauthMailProvider = z.enum(["google", "microsoft"], { message: "must be google or microsoft" });
export type TOauthMailProvider = z.infer<typeof ZOauthMailProvider>;

export const ZMailboxHostedLinkStatus = z.enum(["pending", "connected", "failed", "expired"]);

export const ZMailboxHostedLink = z
  .object({
    id: z.string().meta({ example: "mhl_3f1c2d4e5a6b7c8d9e0f1a2b3c4d5e6f" }),
    status: ZMailboxHostedLinkStatus.meta({
      description: "`pending` while open; `connected` once a mailbox came out of it (`accountId`); `failed` when the person cancelled or the mailbox did not work (`error`); `expired` once its window closed",
    }),
    channel: z.literal("email"),
    provider: ZOauthMailProvider,
    url: z.null().meta({ description: "Always null: the link's address is returned only when it is created" }),
    workspaceId: z.string(),
    accountId: z.string().nullable().meta({ description: "The mailbox that came out of the link" }),
    reconnectAccountId: z.string().nullable().meta({ description: "The mailbox this link repairs" }),
    externalId: z.string().nullable().meta({ description: "The address that signed in, once it did" }),
    redirectUrl: z.string().nullable(),
    hasProxy: z.boolean().meta({ description: "Always false: mailboxes connect without a proxy" }),
    country: z.null(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    expiresAt: ZTimestamp,
    openedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: "MailboxHostedLink" });
export type TMailboxHostedLink = z.infer<typeof ZMailboxHostedLink>;

export const ZCreateMailboxHostedLinkInput = z.object({
  provider: ZOauthMailProvider.meta({ description: "Whose sign-in page the person goes to" }),
  redirectUrl: webUrl({ example: "https://app.example.com/mailboxes" }).optional().meta({
    description: `Where the person goes when done, with ?hostedLinkId=…&status=connected|failed (and &accountId=… when connected). ${WEB_URL_RULE}`,
  }),
  reconnectAccountId: z.string().min(1).optional().meta({ description: "Renew the sign-in of this mailbox (the same address must sign in) instead of connecting a new one" }),
  expiresInMinutes: z
    .number({ message: "must be a whole number of minutes from 5 to 1440" })
    .int("must be a whole number of minutes from 5 to 1440")
    .min(5, "must be a whole number of minutes from 5 to 1440")
    .max(1440, "must be a whole number of minutes from 5 to 1440")
    .optional()
    .meta({ description: "How long the link works, in minutes; default 60, at most a day" }),
});
export type TCreateMailboxHostedLinkInput = z.infer<typeof ZCreateMailboxHostedLinkInput>;

export const ZCreatedMailboxHostedLink = ZMailboxHostedLink.extend({
  url: z.string().meta({ description: "The page to send the person to. Returned only here: reads never return it." }),
}).meta({ id: "CreatedMailboxHostedLink" });
export type TCreatedMailboxHostedLink = z.infer<typeof ZCreatedMailboxHostedLink>;

/** Whether this Herald can connect Google and Microsoft mailboxes (an administrator sets the OAuth clients). */
export const ZOauthAvailability = z.object({
  google: z.object({ configured: z.boolean(), message: z.string().nullable() }),
  microsoft: z.object({ configured: z.boolean(), message: z.string().nullable() }),
});
export type TOauthAvailability = z.infer<typeof ZOauthAvailability>;

/** The hosted page's view of a link (public, for the person holding it; not in the API). */
export const ZMailboxHostedLinkView = z.object({
  id: z.string(),
  status: ZMailboxHostedLinkStatus,
  provider: ZOauthMailProvider,
  workspaceName: z.string(),
  reconnect: z.boolean(),
  redirectUrl: z.string().nullable(),
  accountId: z.string().nullable(),
  email: z.string().nullable(),
  error: z.string().nullable(),
});
export type TMailboxHostedLinkView = z.infer<typeof ZMailboxHostedLinkView>;
