// GET /t/o/{token}.gif – the open pixel of a tracked e-mail (public: loaded by the recipient's mail app)
import { logger } from "@/server/lib/logger";
import { recordEmailOpen } from "@/server/services/campaigns/record-email-open";

export const dynamic = "force-dynamic";

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function pixel(): Response {
  return new Response(new Uint8Array(PIXEL), {
    status: 200,
    headers: {
      "content-type": "image/gif",
      "content-length": String(PIXEL.length),
      // Every open must reach Herald: no cache may answer in its place.
      "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
      pragma: "no-cache",
    },
  });
}

export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  try {
    await recordEmailOpen(token.replace(/\.gif$/i, ""));
  } catch (error) {
    // The image is answered whatever happened: a broken image in the e-mail helps nobody.
    logger.error("Recording an e-mail open failed", { error: error instanceof Error ? error.message : String(error) });
  }
  return pixel();
}
