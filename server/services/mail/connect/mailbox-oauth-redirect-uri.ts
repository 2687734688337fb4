import { publicUrl } from "../../../env";

/** Herald's one callback for Google and Microsoft sign-ins; registered as the redirect URI of both OAuth clients. */
export function mailboxOauthRedirectUri(): string {
  return `${publicUrl()}/api/oauth/mailbox/callback`;
}
