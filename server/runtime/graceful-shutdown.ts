// Stopping Herald's HTTP server without cutting requests in flight: stop accepting connections,
// let the requests being served finish (bounded), and close keep-alive connections as soon as they
// fall idle, instead of server.closeAllConnections(), which dropped every request mid-answer.
import type { Server, ServerResponse } from "node:http";

/**
 * Closes the connections no answer is using. Once no answer is in flight, all of them: a connection
 * whose request was answered before its body was read to the end (a refused upload its client
 * stopped sending) is not idle to Node, and would hold the server open for its keep-alive timeout.
 */
function closeUnusedConnections(server: Server, answering: number): void {
  if (answering) server.closeIdleConnections();
  else server.closeAllConnections();
}

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
      if (draining) setImmediate(() => closeUnusedConnections(server, inFlight.size));
    });
  });
  return {
    async drain(timeoutMs) {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("connection", "close");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeUnusedConnections(server, inFlight.size);
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
