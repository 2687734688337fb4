// GET /t/c/{token}?u={url}&s={signature} – a tracked link of an e-mail: records the click, redirects to the link
import { invalidTrackedLinkPage } from "@/server/http/email-link-pages";
import { logger } from "@/server/lib/logger";
import { recordEmailClick } from "@/server/services/campaigns/record-email-click";
import { isValidClickSignature } from "@/server/services/mail/tracking/tracking-signature";

export const dynamic = "force-dynamic";

/** The link's address when Herald signed it for this token; null for anything else. */
function signedTarget(request: Request, token: string): string | null {
  const query = new URL(request.url).searchParams;
  const url = query.get("u");
  const signature = query.get("s");
  // Only http(s) links are ever tracked; the check keeps a leaked key from turning into javascript: links.
  if (!url || !signature || !/^https?:\/\//i.test(url) || !isValidClickSignature(token, url, signature)) return null;
  return url;
}

/**
 * The address as a Location header can carry it: links may hold characters outside ASCII (a path
 * in another script, an internationalised domain), which URL percent-encodes and punycodes.
 */
function locationOf(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

function redirect(url: string): Response {
  const location = locationOf(url);
  if (!location) return invalidTrackedLinkPage();
  return new Response(null, { status: 302, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export async function GET(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  const url = signedTarget(request, token);
  if (!url) return invalidTrackedLinkPage();
  try {
    await recordEmailClick(token, url);
  } catch (error) {
    // The reader still gets where the link points: a failed record must not break their e-mail.
    logger.error("Recording an e-mail click failed", { error: error instanceof Error ? error.message : String(error) });
  }
  return redirect(url);
}

/** Link checkers ask with HEAD: they get the redirect, and no click is recorded. */
export async function HEAD(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  const url = signedTarget(request, token);
  const location = url && locationOf(url);
  return location ? new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } }) : new Response(null, { status: 400 });
}
