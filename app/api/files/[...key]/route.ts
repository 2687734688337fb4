// GET /api/files/<key> – a stored file (voice note audio, recordings) at a signed, expiring address
// (not part of the public API: the address itself is the permission, see docs/storage.md); HEAD too.
import { serveStoredFile } from "@/server/http/serve-stored-file";

type Context = { params: Promise<{ key?: string[] }> };

async function serve(request: Request, context: Context): Promise<Response> {
  const { key = [] } = await context.params;
  return serveStoredFile(request, key.join("/"));
}

export const GET = serve;
export const HEAD = serve;
