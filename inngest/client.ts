// The Inngest client. With an Inngest server configured it reads the usual INNGEST_* settings;
// otherwise Herald's runtime connects it to the embedded executor (inngest/connection.ts), and these
// options, which the SDK reads each time it needs them, hand it the executor's address and keys.
// Checkpointing stays off so that every step is one request, which the embedded executor and
// Inngest servers both handle.
import { Inngest } from "inngest";
import { embeddedAwareFetch, embeddedConnection } from "./connection";

export const inngest = new Inngest({
  id: "herald",
  checkpointing: false,
  // Events for the embedded executor are handed to its event API in this process (no socket).
  fetch: embeddedAwareFetch,
  get baseUrl() {
    return embeddedConnection()?.eventApiUrl;
  },
  get eventKey() {
    return embeddedConnection()?.eventKey;
  },
  get signingKey() {
    return embeddedConnection()?.signingKey;
  },
});
