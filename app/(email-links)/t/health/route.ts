// GET /t/health – answers a fixed text on every host Herald serves tracking on: the tracking domain check's HTTPS probe (public, no session)
import { TRACKING_HEALTH_BODY } from "@/server/domain/mail/tracking-domain";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(TRACKING_HEALTH_BODY, { status: 200, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
