// GET|POST|PUT /api/inngest – Inngest's endpoint: runs Herald's background functions for the
// embedded executor, Inngest Cloud or a self-hosted Inngest server (requests are signed)
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { signingKeys } from "@/inngest/connection";
import { functions } from "@/inngest/functions";
import { verifyRequestSignature, wallClockSeconds } from "@/server/embedded-inngest/signing";
import { NextRequest } from "next/server";
import { withBodyLimit } from "@/server/http/read-bounded-body";

const handlers = serve({ client: inngest, functions });

const asNextRequest = (input: string, init?: RequestInit) => new NextRequest(input, init as ConstructorParameters<typeof NextRequest>[1]);

export const GET = withBodyLimit(handlers.GET, asNextRequest);

/**
 * Refuses, in the error shape, a request the SDK would answer 500 with an empty body: an unsigned
 * or wrongly signed one (401; in Inngest's dev mode, which has no key, none is needed) or one whose
 * body is not JSON (400). The executor's own calls are signed JSON and pass unchanged.
 */
async function refusal(request: NextRequest, what: string): Promise<Response | null> {
  const keys = signingKeys();
  const devMode = Boolean(process.env.INNGEST_DEV) && keys.length === 0;
  const rawBody = await request.clone().text();
  if (!devMode && !verifyRequestSignature(request.headers.get("x-inngest-signature"), rawBody, keys, wallClockSeconds())) {
    return Response.json(
      { error: { code: "unauthorized", message: `${what} needs a request signed with the Inngest signing key (X-Inngest-Signature).` } },
      { status: 401 },
    );
  }
  if (rawBody.trim()) {
    try {
      JSON.parse(rawBody);
    } catch {
      return Response.json(
        { error: { code: "invalid-input", message: "The request body is not valid JSON.", details: { fields: [{ field: "body", message: "is not valid JSON" }] } } },
        { status: 400 },
      );
    }
  }
  return null;
}

/** POST runs a function's step: only the executor (embedded, Inngest Cloud or a server) may. */
export const POST = withBodyLimit(async (request: NextRequest) => (await refusal(request, "Running a function")) ?? handlers.POST(request, undefined), asNextRequest);

/**
 * PUT re-syncs the functions. The SDK checks the signature of an in-band sync only; an out-of-band
 * one (a bare PUT) makes it register with Inngest on anyone's say-so. Every PUT must therefore be
 * signed with the signing key, except in Inngest's dev mode, which has no key.
 */
export const PUT = withBodyLimit(async (request: NextRequest) => (await refusal(request, "Syncing functions")) ?? handlers.PUT(request, undefined), asNextRequest);
