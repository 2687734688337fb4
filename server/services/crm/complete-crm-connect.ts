// The CRM sent the browser back to /api/oauth/crm/callback: the state is checked and used up (one
// answer per state, within 10 minutes), the code exchanged for tokens, and the connection stored
// with its tokens encrypted. A reconnect keeps the connection's settings, links and log. The
// answer is only taken from the browser that clicked Connect (the cookie's nonce matches the state
// row) while that same person is signed in and still an admin or owner of the workspace; anything
// else is refused before the code is exchanged, so nobody can plant their authorize URL on someone
// else and get that person's CRM tokens. The outcome goes back as a fixed code (CrmConnectCode);
// the Integrations page words it.
import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { HeraldError, isHeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { CRM_LABELS, crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import { CRM_PROVIDERS, isCrmError, type CrmProviderName } from "../../providers/crm/types";
import { crmBrowserNonceMatches, crmStateMatches, parseCrmState } from "./crm-oauth-state";
import { crmOauthRedirectUri } from "./crm-redirect-uri";
import { sealCrmTokens } from "./crm-tokens";
import { writeCrmSyncLog } from "./write-crm-sync-log";

export interface CrmOauthAnswer {
  /** The nonce of the Connect cookie the browser sent, if any. */
  browserNonce?: string | null;
  /** The dashboard session's user, if signed in. */
  sessionUserId?: string | null;
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** What the Integrations page is told: connected | cancelled | refused | failed:<kind>. */
export type CrmConnectCode = "connected" | "cancelled" | "refused" | `failed:${CrmConnectFailure}`;
export type CrmConnectFailure = "not-configured" | "not-completed" | "sign-in-refused" | "other-account" | "internal";

export interface CrmConnectOutcome {
  provider: CrmProviderName;
  status: "connected" | "failed";
  code: CrmConnectCode;
  message: string;
  connectionId: string | null;
}

const refused = () =>
  new HeraldError({
    code: "invalid-oauth-state",
    message: "This sign-in did not come from a Connect button in Herald, was already used or took longer than 10 minutes. Go back to Settings → Integrations and connect again.",
  });

export async function completeCrmConnect(answer: CrmOauthAnswer, providers: CrmProviderLookup = crmProvider): Promise<CrmConnectOutcome> {
  const parsed = answer.state ? parseCrmState(answer.state) : null;
  const row = parsed ? await db.crmOauthState.findUnique({ where: { id: parsed.id } }) : null;
  if (!parsed || !row || !crmStateMatches(parsed.secret, row.secretHash)) throw refused();
  // Bound to the browser and person who clicked Connect, who must still be allowed to connect.
  if (!crmBrowserNonceMatches(answer.browserNonce ?? null, row.browserNonceHash) || !answer.sessionUserId || answer.sessionUserId !== row.userId) throw refused();
  const membership = await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId: row.workspaceId, userId: row.userId } } });
  if (!membership || (membership.role !== "owner" && membership.role !== "admin")) throw refused();
  // Used once: the first answer deletes the row; a second (a reload) finds nothing to delete.
  const claimed = await db.crmOauthState.deleteMany({ where: { id: row.id } });
  if (!claimed.count || row.expiresAt.getTime() <= now().getTime()) throw refused();
  const provider = row.provider as CrmProviderName;
  if (!(CRM_PROVIDERS as readonly string[]).includes(provider)) throw refused();
  const label = CRM_LABELS[provider];
  const failed = (kind: CrmConnectFailure | "cancelled", message: string): CrmConnectOutcome => ({
    provider,
    status: "failed",
    code: kind === "cancelled" ? "cancelled" : `failed:${kind}`,
    message,
    connectionId: null,
  });

  const config = crmOAuthConfig(provider);
  if (!config) return failed("not-configured", crmNotConfiguredMessage(provider));
  if (answer.error === "access_denied") return failed("cancelled", `You cancelled connecting ${label}.`);
  if (answer.error || !answer.code) return failed("not-completed", `${label} did not complete the connection (${answer.errorDescription ?? answer.error ?? "no code returned"}).`);

  const adapter = await providers(provider);
  try {
    const { tokens, account } = await adapter.oauth(config).exchangeCode({ code: answer.code, redirectUri: crmOauthRedirectUri() });
    const at = now();
    const existing = await db.crmConnection.findUnique({ where: { workspaceId_provider: { workspaceId: row.workspaceId, provider } } });
    if (existing && existing.accountId !== account.id && existing.status !== "disconnected") {
      return failed("other-account", `This workspace is connected to the ${label} account ${existing.accountName}; you signed in to ${account.name}. Disconnect it first to connect another account.`);
    }
    const connection = await db.crmConnection.upsert({
      where: { workspaceId_provider: { workspaceId: row.workspaceId, provider } },
      create: {
        workspaceId: row.workspaceId,
        provider,
        status: "connected",
        accountId: account.id,
        accountName: account.name,
        tokensEncrypted: sealCrmTokens(tokens),
        scopes: [...adapter.scopes],
        fieldMapping: adapter.defaultFieldMapping.map((entry) => ({ ...entry })) as Prisma.InputJsonValue,
        exclusionRules: { customers: false, owned: false, listIds: [] },
        connectedById: row.userId,
        createdAt: at,
        updatedAt: at,
      },
      update: {
        status: "connected",
        accountId: account.id,
        accountName: account.name,
        tokensEncrypted: sealCrmTokens(tokens),
        scopes: [...adapter.scopes],
        lastError: null,
        connectedById: row.userId,
        updatedAt: at,
        // Another account's cursors and links mean nothing here.
        ...(existing && existing.accountId !== account.id ? { leadCursor: null, activityCursor: Prisma.DbNull, exclusionsSince: null, exclusionsCursor: null, interestCursor: null } : {}),
      },
    });
    if (existing && existing.accountId !== account.id) {
      // The new account has none of the old one's records or activity: push all of it there again.
      await db.crmRecordLink.deleteMany({ where: { connectionId: connection.id } });
      await db.crmSyncedActivity.deleteMany({ where: { connectionId: connection.id } });
    }
    const message = `Connected ${label} (${account.name}).`;
    await writeCrmSyncLog({ connectionId: connection.id, kind: "connect", outcome: "ok", message });
    return { provider, status: "connected", code: "connected", message, connectionId: connection.id };
  } catch (error) {
    if (isCrmError(error)) return failed("sign-in-refused", `${label} did not accept the sign-in: ${error.message}`);
    if (isHeraldError(error)) return failed("internal", error.message);
    logger.error("Connecting a CRM failed unexpectedly", { provider, workspaceId: row.workspaceId, error });
    return failed("internal", `Something went wrong on Herald's side while connecting ${label}; try again.`);
  }
}
