// GET|POST /api/auth/* – Auth.js sign-in, sign-out and session endpoints
import { NextRequest } from "next/server";
import { withBodyLimit } from "@/server/http/read-bounded-body";
import { handlers } from "@/server/auth/auth";

const asNextRequest = (input: string, init?: RequestInit) => new NextRequest(input, init as ConstructorParameters<typeof NextRequest>[1]);

export const GET = withBodyLimit(handlers.GET, asNextRequest);
export const POST = withBodyLimit(handlers.POST, asNextRequest);
