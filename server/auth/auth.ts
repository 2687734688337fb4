// Dashboard sign-in with Auth.js: e-mail and password against the User table (scrypt hashes),
// JWT sessions (required for credentials sign-in), the Prisma adapter for the user tables.
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "../db/client";
import { requestClientAddress } from "../http/client-address";
import { logger } from "../lib/logger";
import { passwordAttemptSucceeded } from "../services/rate-limits/password-attempts";
import { verifyCredentials } from "../services/users/verify-credentials";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name?: string | null };
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: PrismaAdapter(db as unknown as Parameters<typeof PrismaAdapter>[0]),
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
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
        const user = await verifyCredentials(credentials);
        if (user) {
          const account = typeof credentials.email === "string" ? credentials.email : user.email;
          passwordAttemptSucceeded({ account, address: requestClientAddress(request.headers) });
        }
        return user;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});
