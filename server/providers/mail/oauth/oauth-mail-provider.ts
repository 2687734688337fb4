// Placeholder until the implementation lands (issue 13).
import type { MailProvider } from "../types";

export function createOauthMailProvider(_name: "google" | "microsoft"): MailProvider {
  throw new Error("This mail provider is not built yet");
}
