// GET|POST /api/auth/* – Auth.js sign-in, sign-out and session endpoints; bodies are bounded, and
// password sign-ins are counted and throttled before Auth.js sees them. Auth.js gets the request at
// the address the browser used, not the one Herald listens on (server/auth/auth-request-url.ts).
import { NextRequest } from "next/server";
import { handlers } from "@/server/auth/auth";
import { authRequestUrl } from "@/server/auth/auth-request-url";
import { refuseThrottledSignIn } from "@/server/auth/refuse-throttled-sign-in";
import { env } from "@/server/env";
import { withBodyLimit } from "@/server/http/read-bounded-body";

const asNextRequest = (input: string, init?: RequestInit) => {
  const url = authRequestUrl(input, new Headers(init?.headers), { authUrl: process.env.AUTH_URL ?? process.env.NEXTAUTH_URL, port: env().PORT });
  return new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
};

export const GET = withBodyLimit(handlers.GET, asNextRequest);
export const POST = withBodyLimit(
  async (request: NextRequest) => (await refuseThrottledSignIn(request)) ?? handlers.POST(request),
  asNextRequest,
);
