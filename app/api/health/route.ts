// GET /api/health – whether this process serves and its database answers: 200, or 503 when the
// database does not answer within 5 s (for container health checks and load balancers; no session).
import { checkHealth } from "@/server/services/health/check-health";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
