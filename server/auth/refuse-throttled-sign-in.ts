// Counts a dashboard sign-in attempt before Auth.js checks its password, and answers 429 with
// Retry-After when the account or the client address has failed too often. The answer keeps Auth.js's
// shape for the sign-in form (`{url}` whose `code` names the wait), so `signIn()` from
// next-auth/react reports it like any refused sign-in.
import { requestClientAddress } from "../http/client-address";
import { isHeraldError } from "../lib/errors";
import { beginPasswordAttempt } from "../services/rate-limits/password-attempts";
import { tooManyAttemptsCode } from "../services/rate-limits/too-many-attempts-message";

export async function refuseThrottledSignIn(request: Request): Promise<Response | null> {
  if (request.method !== "POST" || !new URL(request.url).pathname.endsWith("/callback/credentials")) return null;
  const form = await request.clone().formData().catch(() => null);
  const email = form?.get("email");
  try {
    beginPasswordAttempt({ account: typeof email === "string" && email ? email : null, address: requestClientAddress(request.headers) });
    return null;
  } catch (error) {
    if (!isHeraldError(error) || error.status !== 429 || error.retryAfterSeconds === undefined) throw error;
    const url = new URL("/sign-in", request.url);
    url.searchParams.set("error", "CredentialsSignin");
    url.searchParams.set("code", tooManyAttemptsCode(error.retryAfterSeconds));
    return Response.json(
      { url: url.toString(), error: { code: error.code, message: error.message } },
      { status: 429, headers: { "retry-after": String(error.retryAfterSeconds) } },
    );
  }
}
