// The Inngest client. It reads the usual INNGEST_* settings; with none set, Herald's runtime points
// it at the embedded executor (server/embedded-inngest). Checkpointing stays off so that every step
// is one request, which the embedded executor and Inngest servers both handle.
import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "herald", checkpointing: false });
