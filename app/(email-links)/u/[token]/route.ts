// GET /u/{token} – the unsubscribe page of a campaign e-mail (public); POST /u/{token} – unsubscribe:
// the page's button, or a mail provider's one-click request (RFC 8058, body List-Unsubscribe=One-Click)
//
// One route handler answers both methods because RFC 8058 has the one-click POST go to the very
// address the List-Unsubscribe header gives, the one the person opens too; a Next page and a route
// handler cannot share a path.
import { invalidUnsubscribeLinkPage, temporaryFailurePage, unsubscribedPage, unsubscribeQuestionPage } from "@/server/http/email-link-pages";
import { readBoundedBody } from "@/server/http/read-bounded-body";
import { HeraldError } from "@/server/lib/errors";
import { logger } from "@/server/lib/logger";
import { findUnsubscribeLink } from "@/server/services/mail/tracking/find-unsubscribe-link";
import { unsubscribeAddress } from "@/server/services/campaigns/unsubscribe-address";

export const dynamic = "force-dynamic";

/** The page's form and RFC 8058's body are a few bytes; nothing larger is read. */
const BODY_LIMIT_BYTES = 16 * 1024;

type Context = { params: Promise<{ token: string }> };

export async function GET(_request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  try {
    const link = await findUnsubscribeLink(token);
    if (!link) return invalidUnsubscribeLinkPage();
    return link.unsubscribed ? unsubscribedPage(link) : unsubscribeQuestionPage(link);
  } catch (error) {
    logger.error("Showing an unsubscribe page failed", { error: error instanceof Error ? error.message : String(error) });
    return temporaryFailurePage();
  }
}

export async function POST(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  let body = "";
  try {
    body = await readBoundedBody(request, BODY_LIMIT_BYTES);
  } catch (error) {
    const tooLarge = error instanceof HeraldError && error.code === "payload-too-large";
    return new Response(tooLarge ? "Request body too large" : "The request body could not be read", { status: tooLarge ? 413 : 400 });
  }
  // The page's button says source=page. Anything else is a one-click request: RFC 8058 asks for
  // List-Unsubscribe=One-Click, but a provider sending it as multipart or slightly off must not
  // leave the person subscribed.
  const fromPage = (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded") && new URLSearchParams(body).get("source") === "page";
  try {
    const link = await findUnsubscribeLink(token);
    if (!link) return fromPage ? invalidUnsubscribeLinkPage() : new Response("Unknown unsubscribe link", { status: 404 });
    await unsubscribeAddress({
      workspaceId: link.workspaceId,
      address: link.address,
      source: fromPage ? "page" : "one-click",
      emailMessageId: link.emailMessageId,
      campaignLeadId: link.campaignLeadId,
      mailboxEmail: link.mailboxEmail,
    });
    return fromPage ? unsubscribedPage(link) : new Response("Unsubscribed", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  } catch (error) {
    logger.error("Unsubscribing failed", { error: error instanceof Error ? error.message : String(error) });
    return fromPage ? temporaryFailurePage() : new Response("Please try again", { status: 503 });
  }
}
