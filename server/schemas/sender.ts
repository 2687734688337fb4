// Senders (LinkedIn accounts) and their verification steps: the API's shapes, shared by REST,
// tRPC, OpenAPI and the dashboard forms.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { WEB_URL_RULE, webUrl } from "./web-url";

export const ZCheckpointType = z.enum(["2FA", "OTP", "IN_APP_VALIDATION", "PHONE_REGISTER", "CAPTCHA"]);

export const ZCheckpoint = z
  .object({
    type: ZCheckpointType,
    input: z.enum(["code", "phone", "none", "hosted"]).meta({
      description: "What answers it: `code`, `phone`, `none` (approved in the LinkedIn app), `hosted` (a captcha solved on LinkedIn's own page, at `url`)",
    }),
    requestedAt: ZTimestamp,
    expiresAt: ZTimestamp.meta({ description: "Five minutes after LinkedIn asked" }),
    expired: z.boolean(),
    canResend: z.boolean(),
    canTryAnotherWay: z.boolean(),
    url: z.string().nullable().meta({ description: "For CAPTCHA: the page where the person solves it" }),
  })
  .meta({ id: "Checkpoint" });
export type TCheckpoint = z.infer<typeof ZCheckpoint>;

export const ZDailyCaps = z.object({
  invitations: z.number().int(),
  profileViews: z.number().int(),
  postLikes: z.number().int(),
  messages: z.number().int(),
  inmails: z.number().int(),
  comments: z.number().int(),
  follows: z.number().int(),
});
export type TDailyCaps = z.infer<typeof ZDailyCaps>;

export const ZSenderLimits = z
  .object({
    daily: ZDailyCaps.meta({
      description:
        "Actions per day (in the sender's timezone) of each type. Defaults on a free plan: invitations 25, profileViews 80, postLikes 40, messages 100, inmails 25 (a free account's InMails go to open profiles only), comments 20, follows 50; on a paid plan: 30, 150, 60, 150, 25, 30, 50. Admins override them per sender.",
    }),
    weeklyInvitations: z.number().int().meta({
      description: "Connection requests per week (Monday to Sunday, sender's timezone): the workspace's limit for the sender's plan unless overridden",
    }),
    weeklyLimitBypassed: z.boolean().meta({ description: "The workspace bypasses the weekly limit for direct actions" }),
  })
  .meta({ id: "SenderLimits" });
export type TSenderLimits = z.infer<typeof ZSenderLimits>;

export const ZSenderUsage = z
  .object({
    timezone: z.string(),
    day: ZDailyCaps.extend({ date: z.string().meta({ example: "2026-03-02" }) }),
    week: z.object({ startsOn: z.string().meta({ example: "2026-03-02" }), invitations: z.number().int() }),
  })
  .meta({ id: "SenderUsage" });
export type TSenderUsage = z.infer<typeof ZSenderUsage>;

export const ZSsi = z
  .object({
    score: z.number(),
    brand: z.number(),
    people: z.number(),
    insights: z.number(),
    relationships: z.number(),
    industryTop: z.number().nullable(),
    networkTop: z.number().nullable(),
    industryAverage: z.number().nullable(),
    networkAverage: z.number().nullable(),
    industryName: z.string().nullable(),
    unavailable: z.boolean(),
    syncedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "Ssi" });

export const ZSenderStatus = z.enum(["active", "error", "suspended", "disconnected"]);
export const ZConnectionStatus = z.enum(["connecting", "connected", "checkpoint_required", "reconnect_required"]);
export const ZPausedReason = z.enum(["manual", "no-inmail-credits", "restricted"]);

export const ZSenderAccount = z
  .object({
    id: z.string().meta({ example: "acc_7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
    label: z.string(),
    fullName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    profileUrl: z.string().nullable(),
    profilePicture: z.string().nullable(),
    connectionMethod: z.enum(["password", "cookie"]),
    connectedVia: z.enum(["api", "dashboard", "hosted-link"]),
    hostedLinkId: z.string().nullable(),
    status: ZSenderStatus,
    connectionStatus: ZConnectionStatus,
    isVerified: z.boolean(),
    isPremium: z.boolean(),
    linkedinPlan: z.enum(["free", "premium", "sales_navigator", "recruiter"]),
    error: z.string().nullable(),
    limits: ZSenderLimits,
    usage: ZSenderUsage,
    paused: z.boolean(),
    pausedReason: ZPausedReason.nullable(),
    pausedAt: ZTimestamp.nullable(),
    cooldownUntil: ZTimestamp.nullable().meta({ description: "Set after LinkedIn throttled the sender: no actions before then" }),
    cooldownReason: z.string().nullable(),
    checkpoint: ZCheckpoint.nullable(),
    inmailCredits: z.object({ balance: z.number().int(), syncedAt: ZTimestamp }).nullable(),
    ssi: ZSsi.nullable(),
    country: z.string().nullable(),
    timezone: z.string(),
    voiceId: z.string().nullable().meta({
      description: "The speech voice its AI voice notes are spoken in (an id from GET /voices); null: the installation's default voice",
    }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "SenderAccount" });
export type TSenderAccount = z.infer<typeof ZSenderAccount>;

const ZProxy = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^(https?|socks5?)$/, message: "must be a proxy URL such as http://user:password@host:port" }))
  .meta({ description: "Proxy for the LinkedIn session: `http://user:password@host:port` (http, https or socks5)" });

const ZTotpSecret = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16,128}=*$/, "must be a base32 authenticator setup key (letters A-Z and digits 2-7)"));

/** How a person signs in to LinkedIn: username and password, or a session cookie. */
const signInCredentials = {
  username: z.string().trim().min(1).max(254).optional(),
  password: z.string().min(1).max(200).optional(),
  liAt: z.string().trim().min(1).max(4000).optional().meta({ description: "The li_at session cookie (cookie sign-in)" }),
  userAgent: z.string().trim().min(1).max(1000).optional().meta({ description: "User agent of the browser the li_at came from" }),
};

type SignInCredentials = { username?: string; password?: string; liAt?: string; userAgent?: string };

function requireOneSignInMethod(value: SignInCredentials, context: z.RefinementCtx): void {
  const byPassword = value.username !== undefined || value.password !== undefined;
  const byCookie = value.liAt !== undefined;
  if (byPassword && byCookie) context.addIssue({ code: "custom", path: ["liAt"], message: "send either username and password, or liAt, not both" });
  else if (byCookie) {
    if (!value.userAgent) context.addIssue({ code: "custom", path: ["userAgent"], message: "is required with liAt" });
  } else {
    if (!value.username) context.addIssue({ code: "custom", path: ["username"], message: "is required (or send liAt for cookie sign-in)" });
    if (!value.password) context.addIssue({ code: "custom", path: ["password"], message: "is required (or send liAt for cookie sign-in)" });
  }
}

export const ZConnectSenderInput = z
  .object({
    ...signInCredentials,
    proxy: ZProxy.optional(),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code").transform((value) => value.toUpperCase()).optional(),
    totpSecret: z.string().optional().meta({ description: "Authenticator (2FA) setup key: sign-in then completes without interaction" }),
    label: z.string().trim().min(1).max(80).optional(),
    timezone: z.string().trim().min(1).max(64).optional().meta({ description: "IANA zone for counting daily usage (default UTC)" }),
  })
  .superRefine(requireOneSignInMethod);

/** What the hosted connect page sends: the credentials alone, valid for a connect and a reconnect. */
export const ZHostedSignInInput = z.object(signInCredentials).superRefine(requireOneSignInMethod);
export type THostedSignInInput = z.infer<typeof ZHostedSignInInput>;
export type TConnectSenderInput = z.infer<typeof ZConnectSenderInput>;

export { ZTotpSecret };

export const ZConnectSenderResult = z
  .object({
    data: ZSenderAccount,
    status: z.enum(["connected", "checkpoint_required"]),
    checkpoint: ZCheckpoint.optional(),
  })
  .meta({ id: "ConnectSenderResult" });
export type TConnectSenderResult = z.infer<typeof ZConnectSenderResult>;

/** What a connect or reconnect did, as the services say it; the edges wrap it in the envelope. */
export type TConnectOutcome =
  | { status: "connected"; account: TSenderAccount }
  | { status: "checkpoint_required"; account: TSenderAccount; checkpoint: TCheckpoint };

export function toConnectSenderResult({ account, ...outcome }: TConnectOutcome): TConnectSenderResult {
  return { data: account, ...outcome };
}

export const ZCheckpointAnswer = z
  .object({
    code: z.string().trim().min(1).max(20).optional().meta({ description: "For 2FA and OTP" }),
    phone: z.string().trim().min(5).max(20).optional().meta({ description: "For PHONE_REGISTER, in international form (+14155550123)" }),
    resend: z.literal(true).optional().meta({ description: "Ask LinkedIn to send the code again" }),
    tryAnotherWay: z.literal(true).optional().meta({ description: "Ask LinkedIn for another kind of verification" }),
  })
  .refine((value) => [value.code, value.phone, value.resend, value.tryAnotherWay].filter((field) => field !== undefined).length === 1, {
    message: "send exactly one of code, phone, resend, tryAnotherWay",
  });
export type TCheckpointAnswer = z.infer<typeof ZCheckpointAnswer>;

export const ZCheckpointState = z
  .object({
    data: ZCheckpoint.nullable().meta({ description: "null: no verification step pending" }),
    resolved: z.boolean(),
    account: ZSenderAccount,
  })
  .meta({ id: "CheckpointState" });
export type TCheckpointState = z.infer<typeof ZCheckpointState>;

/** A sender's verification step as the services say it; the edges wrap it in the envelope. */
export interface TSenderCheckpointState {
  checkpoint: TCheckpoint | null;
  resolved: boolean;
  account: TSenderAccount;
}

export function toCheckpointState({ checkpoint, ...state }: TSenderCheckpointState): TCheckpointState {
  return { data: checkpoint, ...state };
}

export const ZReconnectSenderInput = z
  .object({
    liAt: z.string().trim().min(1).max(4000).optional(),
    userAgent: z.string().trim().min(1).max(1000).optional(),
    username: z.string().trim().min(1).max(254).optional(),
    password: z.string().min(1).max(200).optional(),
    proxy: ZProxy.optional(),
  })
  .superRefine((value, context) => {
    if (value.liAt === undefined && value.password === undefined) {
      context.addIssue({ code: "custom", path: ["liAt"], message: "send liAt (cookie senders) or password (password senders)" });
    }
  });
export type TReconnectSenderInput = z.infer<typeof ZReconnectSenderInput>;

export const ZUpdateSenderInput = z
  .object({
    label: z.string().trim().min(1).max(80).optional(),
    timezone: z.string().trim().min(1).max(64).optional(),
    limits: z
      .object({
        daily: ZDailyCaps.partial()
          .extend({})
          .refine((caps) => Object.values(caps).every((cap) => cap === undefined || (Number.isInteger(cap) && cap >= 0 && cap <= 1000)), {
            message: "daily caps are integers from 0 to 1000",
          })
          .optional(),
        weeklyInvitations: z.number().int().min(0).max(1000).nullable().optional(),
      })
      .optional()
      .meta({ description: "Overrides of the caps (admins only); null weeklyInvitations returns to the workspace's limit" }),
    voiceId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .meta({ description: "The voice its AI voice notes are spoken in, an id from GET /voices; null returns to the installation's default voice" }),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "send at least one of label, timezone, limits, voiceId" });
export type TUpdateSenderInput = z.infer<typeof ZUpdateSenderInput>;

export const ZPauseSenderInput = z.object({}).meta({ description: "No body fields" });

export const ZHostedLinkStatus = z.enum(["pending", "connected", "failed", "expired"]);

export const ZSenderHostedLink = z
  .object({
    id: z.string(),
    status: ZHostedLinkStatus,
    channel: z.literal("linkedin"),
    provider: z.string(),
    workspaceId: z.string(),
    accountId: z.string().nullable(),
    reconnectAccountId: z.string().nullable(),
    redirectUrl: z.string().nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    expiresAt: ZTimestamp,
    openedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: "SenderHostedLink" });
export type TSenderHostedLink = z.infer<typeof ZSenderHostedLink>;

export const ZCreateHostedLinkInput = z.object({
  redirectUrl: webUrl({ example: "https://app.example.com/senders" }).optional().meta({
    description: `Where the person goes after connecting (with ?status=connected|failed&linkId=…). ${WEB_URL_RULE}`,
  }),
  reconnectAccountId: z.string().optional().meta({ description: "Repair this sender instead of connecting a new one" }),
  expiresInMinutes: z.number().int().min(5).max(10_080).optional().meta({ description: "Default 60" }),
});
export type TCreateHostedLinkInput = z.infer<typeof ZCreateHostedLinkInput>;

export const ZCreatedHostedLink = ZSenderHostedLink.extend({
  url: z.string().meta({ description: "The page to send the person to. Returned only here: reads never return it." }),
}).meta({ id: "CreatedSenderHostedLink" });

// A hosted connect link as its page shows it (the page a sender's owner opens; not in the API).
export const ZHostedLinkView = z.object({
  status: ZHostedLinkStatus,
  workspaceName: z.string(),
  reconnect: z.boolean(),
  externalUrl: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  accountId: z.string().nullable(),
  checkpoint: ZCheckpoint.nullable(),
  error: z.string().nullable(),
});
export type THostedLinkView = z.infer<typeof ZHostedLinkView>;
