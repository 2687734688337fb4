// GET /api/tracking-domains/tls-ask?domain={host} – the reverse proxy's question before it gets a certificate: 200 for Herald's own host and tracking hosts ever verified (still existing), 404 otherwise. Public by design: it reveals only whether a name is such a host
import { mayIssueCertificate } from "@/server/services/mail/tracking-domains/may-issue-certificate";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const name = new URL(request.url).searchParams.get("domain") ?? "";
  const allowed = await mayIssueCertificate(name);
  return new Response(allowed ? "ok" : "not a host of this Herald", { status: allowed ? 200 : 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
