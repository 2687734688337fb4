// Dashboard sign-in with Auth.js: e-mail and password against the User table (scrypt hashes),
// JWT sessions (required for credentials sign-in), the Prisma adapter for the user tables.
// Each JWT names a Session row (`sid`) checked on every request, so that signing out, which deletes
// the row, ends the session everywhere, including in a copied cookie.
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "../db/client";
import { requestClientAddress } from "../http/client-address";
import { logger } from "../lib/logger";
import { sameOriginUrl } from "../lib/same-origin-redirect";
import { ZSignInInput } from "../schemas/account-user";
import { passwordAttemptSucceeded } from "../services/rate-limits/password-attempts";
import { endDashboardSession } from "../services/sessions/end-dashboard-session";
import { isDashboardSessionActive } from "../services/sessions/is-dashboard-session-active";
import { DASHBOARD_SESSION_MAX_AGE_SECONDS, startDashboardSession } from "../services/sessions/start-dashboard-session";
import { verifyCredentials } from "../services/users/verify-credentials";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name?: string | null };
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: PrismaAdapter(db),
  session: { strategy: "jwt", maxAge: DASHBOARD_SESSION_MAX_AGE_SECONDS },
  // Self-hosted behind whatever proxy the user runs: trust the Host header.
  trustHost: true,
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password is an everyday event, not an error worth a stack trace.
    error(error) {
      if ((error as { type?: string }).type === "CredentialsSignin") logger.info("Sign-in refused: wrong e-mail or password");
      else logger.error("Auth.js error", { error });
    },
    warn(code) {
      logger.warn(`Auth.js warning: ${code}`);
    },
    debug() {},
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      // The attempt was counted (and refused when over the limit) before Auth.js ran: see
      // server/auth/refuse-throttled-sign-in.ts. A success gives it back.
      authorize: async (credentials, request) => {
        // Malformed credentials are a wrong sign-in like any other: the same null, no detail.
        const parsed = ZSignInInput.safeParse(credentials);
        const user = parsed.success ? await verifyCredentials(parsed.data) : null;
        if (user) {
          const account = typeof credentials.email === "string" ? credentials.email : user.email;
          passwordAttemptSucceeded({ account, address: requestClientAddress(request.headers) });
        }
        return user;
      },
    }),
  ],
  callbacks: {
    // Where sign-in and sign-out send the browser (their callbackUrl, from a form field, a query or a
    // cookie): Herald's own origin only. Auth.js's default keeps any string starting with "/", and
    // throws on one that is not a URL.
    redirect({ url, baseUrl }) {
      return sameOriginUrl(url, baseUrl);
    },
    async jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = await startDashboardSession(user.id);
        return token;
      }
      // A token from before sessions were recorded, or whose session ended, signs nobody in.
      if (typeof token.sid !== "string" || !token.sub) return null;
      return (await isDashboardSessionActive(token.sid, token.sub)) ? token : null;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await endDashboardSession(sid);
    },
  },
});
