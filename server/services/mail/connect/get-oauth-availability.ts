import { notConfiguredMessage, oauthClient } from "../../../providers/mail/oauth/oauth-clients";
import type { TOauthAvailability } from "../../../schemas/mailbox-hosted-link";

/** Which of Google and Microsoft this Herald can connect, and in plain words why not. */
export function getOauthAvailability(): TOauthAvailability {
  const availability = (provider: "google" | "microsoft") =>
    oauthClient(provider) ? { configured: true, message: null } : { configured: false, message: notConfiguredMessage(provider) };
  return { google: availability("google"), microsoft: availability("microsoft") };
}
