// GET /connect/mailbox/{token}/start – sends the person holding a mailbox hosted link to Google's or
// Microsoft's sign-in page (public: the link's token is the permission)
import { publicUrl } from "@/server/env";
import { isHeraldError } from "@/server/lib/errors";
import { startMailboxOauth } from "@/server/services/mail/connect/start-mailbox-oauth";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  try {
    const { authorizeUrl } = await startMailboxOauth(token);
    return new Response(null, { status: 302, headers: { location: authorizeUrl, "cache-control": "no-store" } });
  } catch (error) {
    // An expired, finished or unknown link: its page says so in plain words.
    if (isHeraldError(error)) return Response.redirect(`${publicUrl()}/connect/mailbox/${encodeURIComponent(token)}`, 303);
    throw error;
  }
}
