// GET|POST /api/trpc/* – the dashboard's tRPC endpoint (session cookie, not API keys)
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { withBodyLimit } from "@/server/http/read-bounded-body";
import { createTRPCContext } from "@/server/trpc/init";
import { trpcResponseMeta } from "@/server/trpc/response-meta";
import { appRouter } from "@/server/trpc/root";

// Bounded before tRPC reads it: some procedures (accepting an invitation) need no session.
const handler = withBodyLimit((request: Request) =>
  fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: createTRPCContext, responseMeta: trpcResponseMeta }),
);

export { handler as GET, handler as POST };
