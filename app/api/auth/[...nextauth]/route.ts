// GET|POST /api/auth/* – Auth.js sign-in, sign-out and session endpoints; password sign-ins are
// counted and throttled before Auth.js sees them
import type { NextRequest } from "next/server";
import { handlers } from "@/server/auth/auth";
import { refuseThrottledSignIn } from "@/server/auth/refuse-throttled-sign-in";

export const { GET } = handlers;

export async function POST(request: NextRequest): Promise<Response> {
  return (await refuseThrottledSignIn(request)) ?? handlers.POST(request);
}
