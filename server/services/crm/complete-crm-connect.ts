// The CRM sent the browser back to /api/oauth/crm/callback: the state is checked and used up (one
// answer per state, within 10 minutes), the code exchanged for tokens, and the connection stored
// with its tokens encrypted. A reconnect keeps the connection's settings, links and log. The
// outcome, in plain words, is shown on the Integrations page.
import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { HeraldError, isHeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { CRM_LABELS, crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import { CRM_PROVIDERS, isCrmError, type CrmProviderName } from "../../providers/crm/types";
import { crmStateMatches, parseCrmState } from "./crm-oauth-state";
import { crmOauthRedirectUri } from "./crm-redirect-uri";
import { sealCrmTokens } from "./crm-tokens";
import { writeCrmSyncLog } from "./write-crm-sync-log";

export interface CrmOauthAnswer {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

export interface CrmConnectOutcome {
  provider: CrmProviderName;
  status: "connected" | "failed";
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
  // Used once: the first answer deletes the row; a second (a reload) finds nothing to delete.
  const claimed = await db.crmOauthState.deleteMany({ where: { id: row.id } });
  if (!claimed.count || row.expiresAt.getTime() <= now().getTime()) throw refused();
  const provider = row.provider as CrmProviderName;
  if (!(CRM_PROVIDERS as readonly string[]).includes(provider)) throw refused();
  const label = CRM_LABELS[provider];
  const failed = (message: string): CrmConnectOutcome => ({ provider, status: "failed", message, connectionId: null });

  const config = crmOAuthConfig(provider);
  if (!config) return failed(crmNotConfiguredMessage(provider));
  if (answer.error === "access_denied") return failed(`You cancelled connecting ${label}.`);
  if (answer.error || !answer.code) return failed(`${label} did not complete the connection (${answer.errorDescription ?? answer.error ?? "no code returned"}).`);

  const adapter = await providers(provider);
  try {
    const { tokens, account } = await adapter.oauth(config).exchangeCode({ code: answer.code, redirectUri: crmOauthRedirectUri() });
    const at = now();
    const existing = await db.crmConnection.findUnique({ where: { workspaceId_provider: { workspaceId: row.workspaceId, provider } } });
    if (existing && existing.accountId !== account.id && existing.status !== "disconnected") {
      return failed(`This workspace is connected to the ${label} account ${existing.accountName}; you signed in to ${account.name}. Disconnect it first to connect another account.`);
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
        ...(existing && existing.accountId !== account.id ? { leadCursor: null, activityCursor: Prisma.DbNull, exclusionsSince: null, exclusionsCursor: null } : {}),
      },
    });
    if (existing && existing.accountId !== account.id) await db.crmRecordLink.deleteMany({ where: { connectionId: connection.id } });
    const message = `Connected ${label} (${account.name}).`;
    await writeCrmSyncLog({ connectionId: connection.id, kind: "connect", outcome: "ok", message });
    return { provider, status: "connected", message, connectionId: connection.id };
  } catch (error) {
    if (isCrmError(error)) return failed(`${label} did not accept the sign-in: ${error.message}`);
    if (isHeraldError(error)) return failed(error.message);
    logger.error("Connecting a CRM failed unexpectedly", { provider, workspaceId: row.workspaceId, error });
    return failed(`Something went wrong on Herald's side while connecting ${label}; try again.`);
  }
}
