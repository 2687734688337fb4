// GET /api/oauth/crm/callback – where HubSpot, Pipedrive and Salesforce send the person back after
// they allowed Herald (the OAuth redirect URI of each CRM app; public: the state ties the answer to
// the "Connect" that started it). Back to Settings → Integrations with the outcome in words.
import { publicUrl } from "@/server/env";
import { isHeraldError } from "@/server/lib/errors";
import { completeCrmConnect } from "@/server/services/crm/complete-crm-connect";

export const dynamic = "force-dynamic";

function back(result: { status: "connected" | "failed"; message: string; provider?: string }): Response {
  const url = new URL(`${publicUrl()}/settings/integrations`);
  url.searchParams.set("status", result.status);
  url.searchParams.set("message", result.message);
  if (result.provider) url.searchParams.set("crm", result.provider);
  return new Response(null, { status: 303, headers: { location: url.toString(), "cache-control": "no-store" } });
}

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  try {
    const outcome = await completeCrmConnect({
      state: query.get("state"),
      code: query.get("code"),
      error: query.get("error"),
      errorDescription: query.get("error_description"),
    });
    return back(outcome);
  } catch (error) {
    if (isHeraldError(error)) return back({ status: "failed", message: error.message });
    throw error;
  }
}
