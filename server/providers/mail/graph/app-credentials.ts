import { MailProviderError, type MailCredentials } from "../types";

/**
 * The credentials of a managed Microsoft 365 mailbox (provider `microsoft-graph`): nothing is stored
 * for it (the secret is the installation's app registration), only the user's object id in the
 * tenant, which the mailbox keeps as `managedUserId`.
 */
export function appCredentials(row: { email: string; managedUserId: string | null }): MailCredentials {
  if (!row.managedUserId) throw new MailProviderError("auth-failed", `${row.email} has no Microsoft 365 user on record, so Herald cannot reach it through Microsoft Graph`);
  return { kind: "app", userId: row.managedUserId };
}
