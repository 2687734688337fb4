// GET /api/oauth/crm/callback – where HubSpot, Pipedrive and Salesforce send the person back after
// they allowed Herald (the OAuth redirect URI of each CRM app). Answered only for the browser that
// clicked Connect (its Connect cookie) with the same person signed in to the dashboard; else
// "refused" without exchanging the code. Back to Settings → Integrations with a fixed outcome code
// (the page words it; nothing the CRM or the URL said is shown).
import { getSessionUserId } from "@/server/auth/dashboard-session";
import { publicUrl } from "@/server/env";
import { isHeraldError } from "@/server/lib/errors";
import { logger } from "@/server/lib/logger";
import { completeCrmConnect, type CrmConnectCode } from "@/server/services/crm/complete-crm-connect";
import { clearedCrmOauthCookie, crmOauthCookieValue } from "@/server/services/crm/crm-oauth-state";

export const dynamic = "force-dynamic";

function back(outcome: CrmConnectCode, provider?: string): Response {
  const url = new URL(`${publicUrl()}/settings/integrations`);
  url.searchParams.set("outcome", outcome);
  if (provider) url.searchParams.set("crm", provider);
  const headers = new Headers({ location: url.toString(), "cache-control": "no-store" });
  headers.append("set-cookie", clearedCrmOauthCookie(url.protocol === "https:"));
  return new Response(null, { status: 303, headers });
}

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  try {
    const outcome = await completeCrmConnect({
      browserNonce: crmOauthCookieValue(request.headers.get("cookie")),
      sessionUserId: await getSessionUserId(),
      state: query.get("state"),
      code: query.get("code"),
      error: query.get("error"),
      errorDescription: query.get("error_description"),
    });
    if (outcome.status === "failed") logger.warn("Connecting a CRM did not complete", { provider: outcome.provider, outcome: outcome.code, message: outcome.message });
    return back(outcome.code, outcome.provider);
  } catch (error) {
    if (isHeraldError(error)) return back("refused");
    throw error;
  }
}
