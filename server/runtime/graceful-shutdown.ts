// Stopping Herald's HTTP server without cutting requests in flight: stop accepting connections,
// let the requests being served finish (bounded), and close keep-alive connections as soon as they
// fall idle, instead of server.closeAllConnections(), which dropped every request mid-answer.
import type { Server, ServerResponse } from "node:http";

export interface RequestTracker {
  /** Resolves true when every request finished, false when the wait ran out and connections were cut. */
  drain(timeoutMs: number): Promise<boolean>;
}

/** Call before any other request listener so that every request is counted from its start. */
export function trackRequests(server: Server): RequestTracker {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on("request", (_request, response: ServerResponse) => {
    inFlight.add(response);
    // A request arriving on a kept-alive connection while draining is served, then the connection ends.
    if (draining && !response.headersSent) response.setHeader("connection", "close");
    response.once("close", () => {
      inFlight.delete(response);
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    async drain(timeoutMs) {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        server.closeAllConnections();
        await closed;
      }
      return !timedOut;
    },
  };
}
