// Placeholder until the implementation lands (issue 13).
import type { MailProvider } from "../types";

export function createSandboxMailProvider(): MailProvider {
  throw new Error("This mail provider is not built yet");
}
