// "Connect HubSpot" (Pipedrive, Salesforce) in Settings → Integrations: the CRM's authorization page
// to send the browser to, with a signed, single-use state that expires in 10 minutes, and the nonce
// the transport puts in the browser's cookie (the callback only answers that browser).
import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import type { CrmProviderName } from "../../providers/crm/types";
import { CRM_OAUTH_STATE_MINUTES, crmStateParameter, newCrmBrowserNonce, newCrmStateSecret } from "./crm-oauth-state";
import { crmOauthRedirectUri } from "./crm-redirect-uri";

export async function startCrmConnect(actor: Actor, provider: CrmProviderName, providers: CrmProviderLookup = crmProvider): Promise<{ authorizeUrl: string; browserNonce: string }> {
  requireRole(actor, "admin", "connect a CRM");
  const config = crmOAuthConfig(provider);
  if (!config) throw new HeraldError({ code: "provider-not-configured", message: crmNotConfiguredMessage(provider) });
  const at = now();
  // Answers never given (the person closed the tab) are cleared as new ones start.
  await db.crmOauthState.deleteMany({ where: { expiresAt: { lt: at } } });
  const { secret, secretHash } = newCrmStateSecret();
  const { nonce, nonceHash } = newCrmBrowserNonce();
  const row = await db.crmOauthState.create({
    data: {
      workspaceId: actor.workspaceId,
      provider,
      userId: actor.userId,
      secretHash,
      browserNonceHash: nonceHash,
      expiresAt: new Date(at.getTime() + CRM_OAUTH_STATE_MINUTES * 60_000),
      createdAt: at,
    },
  });
  const authorizeUrl = (await providers(provider)).oauth(config).authorizeUrl({ state: crmStateParameter(row.id, secret), redirectUri: crmOauthRedirectUri() });
  return { authorizeUrl, browserNonce: nonce };
}
