import { publicUrl } from "../../env";

/** Herald's one callback for the three CRMs; registered as the redirect URI of each OAuth app (docs/crm-sync.md). */
export function crmOauthRedirectUri(): string {
  return `${publicUrl()}/api/oauth/crm/callback`;
}
