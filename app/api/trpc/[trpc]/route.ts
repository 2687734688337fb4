// GET|POST /api/trpc/* – the dashboard's tRPC endpoint (session cookie, not API keys)
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

function handler(request: Request) {
  return fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: createTRPCContext });
}

export { handler as GET, handler as POST };
