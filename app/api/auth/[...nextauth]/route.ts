// GET|POST /api/auth/* – Auth.js sign-in, sign-out and session endpoints; bodies are bounded, and
// password sign-ins are counted and throttled before Auth.js sees them
import { NextRequest } from "next/server";
import { handlers } from "@/server/auth/auth";
import { refuseThrottledSignIn } from "@/server/auth/refuse-throttled-sign-in";
import { withBodyLimit } from "@/server/http/read-bounded-body";

const asNextRequest = (input: string, init?: RequestInit) => new NextRequest(input, init as ConstructorParameters<typeof NextRequest>[1]);

export const GET = withBodyLimit(handlers.GET, asNextRequest);
export const POST = withBodyLimit(
  async (request: NextRequest) => (await refuseThrottledSignIn(request)) ?? handlers.POST(request),
  asNextRequest,
);
