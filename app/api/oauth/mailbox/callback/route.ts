// GET /api/oauth/mailbox/callback – where Google and Microsoft send the person back after signing in
// for a mailbox hosted link (the OAuth redirect URI; public: the state ties the answer to its link)
import { publicUrl } from "@/server/env";
import { isHeraldError } from "@/server/lib/errors";
import { completeMailboxOauth, type MailboxOauthOutcome } from "@/server/services/mail/connect/complete-mailbox-oauth";

export const dynamic = "force-dynamic";

/** The link's redirectUrl with the outcome, as the API documents it; else Herald's own finished page. */
function destination(outcome: MailboxOauthOutcome): string {
  const url = new URL(outcome.redirectUrl ?? `${publicUrl()}/connect/mailbox/finished`);
  url.searchParams.set("hostedLinkId", outcome.linkId);
  url.searchParams.set("status", outcome.status);
  if (outcome.accountId) url.searchParams.set("accountId", outcome.accountId);
  return url.toString();
}

function page(status: number, message: string): Response {
  const escaped = message.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  return new Response(
    `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Herald</title><p style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">${escaped}</p>`,
    { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );
}

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  try {
    const outcome = await completeMailboxOauth({
      state: query.get("state"),
      code: query.get("code"),
      error: query.get("error"),
      errorDescription: query.get("error_description"),
    });
    return new Response(null, { status: 303, headers: { location: destination(outcome), "cache-control": "no-store" } });
  } catch (error) {
    if (isHeraldError(error)) return page(error.status, error.message);
    throw error;
  }
}
