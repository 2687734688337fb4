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
export const POST = withBodyLimit(handlers.POST, asNextRequest);

/**
 * PUT re-syncs the functions. The SDK checks the signature of an in-band sync only; an out-of-band
 * one (a bare PUT) makes it register with Inngest on anyone's say-so. Every PUT must therefore be
 * signed with the signing key, except in Inngest's dev mode, which has no key.
 */
export const PUT = withBodyLimit(async (request: NextRequest) => {
  const keys = signingKeys();
  const devMode = Boolean(process.env.INNGEST_DEV) && keys.length === 0;
  if (!devMode) {
    const rawBody = await request.clone().text();
    const signed = verifyRequestSignature(request.headers.get("x-inngest-signature"), rawBody, keys, wallClockSeconds());
    if (!signed) {
      return Response.json(
        { error: { code: "unauthorized", message: "Syncing functions needs a request signed with the Inngest signing key (X-Inngest-Signature)." } },
        { status: 401 },
      );
    }
  }
  return handlers.PUT(request, undefined);
}, asNextRequest);
