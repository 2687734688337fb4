// What Herald's app registration must hold in its Microsoft 365 tenant, checked once before the first
// call, so a missing grant fails in plain words naming it instead of as a 403 halfway through an order.
//
// Application permissions are in the app-only token's `roles` claim (Microsoft identity platform,
// "Access token claims reference": `roles`). Herald needs no directory role: it never sets a
// mailbox's password (a managed mailbox is reached through Graph's mail API with Mail.Send and
// Mail.ReadWrite, not with SMTP and IMAP), and Graph lets an app reset a password only with the User
// Administrator role, which is therefore not asked for.
import { ProvisioningError } from "../../provisioning-error";

/** Each requirement is met by any one of its permissions (the least privileged first). */
export const REQUIRED_APP_PERMISSIONS: { why: string; anyOf: string[] }[] = [
  { why: "add, verify and read domains and their DNS records", anyOf: ["Domain.ReadWrite.All"] },
  { why: "create, update and delete users", anyOf: ["User.ReadWrite.All", "Directory.ReadWrite.All"] },
  { why: "read the subscribed licenses", anyOf: ["Organization.Read.All", "LicenseAssignment.Read.All", "Organization.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All"] },
  { why: "assign licenses", anyOf: ["LicenseAssignment.ReadWrite.All", "Directory.ReadWrite.All"] },
  { why: "send as the managed mailboxes", anyOf: ["Mail.Send"] },
  { why: "read their replies and bounces, and open and rescue warmup mail", anyOf: ["Mail.ReadWrite"] },
];

/** The claims of a JWT's payload, without checking its signature (Graph checks it; Herald only reads). */
export function tokenClaims(token: string): { roles: string[] } {
  const payload = token.split(".")[1];
  try {
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as { roles?: unknown };
    return { roles: Array.isArray(claims.roles) ? claims.roles.filter((role): role is string => typeof role === "string") : [] };
  } catch {
    return { roles: [] };
  }
}

/** Fails naming every missing application permission, in plain words. */
export function checkGraphAccess(token: string): void {
  const { roles } = tokenClaims(token);
  const missing = REQUIRED_APP_PERMISSIONS.filter((need) => !need.anyOf.some((permission) => roles.includes(permission)));
  if (missing.length === 0) return;
  const list = missing.map((need) => `${need.anyOf[0]} (to ${need.why})`).join(", ");
  throw new ProvisioningError(
    "refused",
    `Herald's app registration in Microsoft 365 lacks the Microsoft Graph application permission${missing.length > 1 ? "s" : ""} ${list}: grant ${missing.length > 1 ? "them" : "it"} with admin consent in Microsoft Entra admin center`,
    { reason: "forbidden" },
  );
}
