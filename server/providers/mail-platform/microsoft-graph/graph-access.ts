// What Herald's app registration must hold in its Microsoft 365 tenant, checked once before the first
// call, so a missing grant fails in plain words naming it instead of as a 403 halfway through an order.
//
// Application permissions are in the app-only token's `roles` claim (Microsoft identity platform,
// "Access token claims reference": `roles`, and `oid`, the object ID of the app's service principal).
// Graph's directory roles of the app are read with `GET /servicePrincipals/{id}/memberOf`
// ("List servicePrincipal memberOf": Application.Read.All), which lists directoryRole objects with
// their `roleTemplateId`. Resetting a user's password (`PATCH /users/{id}` with passwordProfile)
// needs, app-only, User.ReadWrite.All *and* at least the User Administrator role ("Update user",
// passwordProfile); without the role Graph answers 403 Authorization_RequestDenied.
import { ProvisioningError } from "../../provisioning-error";
import type { GraphClient } from "./graph-client";

/** Each requirement is met by any one of its permissions (the least privileged first). */
export const REQUIRED_APP_PERMISSIONS: { why: string; anyOf: string[] }[] = [
  { why: "add, verify and read domains and their DNS records", anyOf: ["Domain.ReadWrite.All"] },
  { why: "create, update and delete users", anyOf: ["User.ReadWrite.All", "Directory.ReadWrite.All"] },
  { why: "read the subscribed licenses", anyOf: ["Organization.Read.All", "LicenseAssignment.Read.All", "Organization.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All"] },
  { why: "assign licenses", anyOf: ["LicenseAssignment.ReadWrite.All", "Directory.ReadWrite.All"] },
  { why: "read its own directory roles", anyOf: ["Application.Read.All", "Application.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All"] },
];

/** Built-in Microsoft Entra roles (their template IDs are the same in every tenant) that may reset a user's password. */
export const PASSWORD_RESET_ROLES: Record<string, string> = {
  "fe930be7-5e62-47db-91af-98c3a49a38b1": "User Administrator",
  "7be44c8a-adaf-4e2a-84d6-ab2649e08a13": "Privileged Authentication Administrator",
  "62e90394-69f5-4237-9190-012177145e10": "Global Administrator",
};

/** The claims of a JWT's payload, without checking its signature (Graph checks it; Herald only reads). */
export function tokenClaims(token: string): { roles: string[]; oid: string | null } {
  const payload = token.split(".")[1];
  try {
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as { roles?: unknown; oid?: unknown };
    return {
      roles: Array.isArray(claims.roles) ? claims.roles.filter((role): role is string => typeof role === "string") : [],
      oid: typeof claims.oid === "string" ? claims.oid : null,
    };
  } catch {
    return { roles: [], oid: null };
  }
}

function refused(message: string): ProvisioningError {
  return new ProvisioningError("refused", message, { reason: "forbidden" });
}

/** Fails with the first missing application permission or the missing directory role, in plain words. */
export async function checkGraphAccess(graph: GraphClient, token: string): Promise<void> {
  const { roles, oid } = tokenClaims(token);
  const missing = REQUIRED_APP_PERMISSIONS.filter((need) => !need.anyOf.some((permission) => roles.includes(permission)));
  if (missing.length > 0) {
    const list = missing.map((need) => `${need.anyOf[0]} (to ${need.why})`).join(", ");
    throw refused(`Herald's app registration in Microsoft 365 lacks the Microsoft Graph application permission ${list}: grant it with admin consent in Microsoft Entra admin center`);
  }
  if (!oid) throw refused("Microsoft 365's token for Herald's app names no service principal (no oid claim), so Herald cannot check the app's directory role");
  const body = await graph<{ value?: { "@odata.type"?: string; roleTemplateId?: string }[] }>({
    method: "GET",
    path: `/servicePrincipals/${encodeURIComponent(oid)}/memberOf`,
    effect: "repeatable",
    what: "reading the directory roles of Herald's app",
  });
  const held = (body?.value ?? []).some((entry) => entry.roleTemplateId !== undefined && Object.hasOwn(PASSWORD_RESET_ROLES, entry.roleTemplateId));
  if (!held) {
    throw refused(
      "Herald's app registration in Microsoft 365 lacks the User Administrator directory role, which Microsoft Graph requires (besides User.ReadWrite.All) to set a mailbox's password: assign the role to the app in Microsoft Entra admin center (Roles and administrators, User Administrator, Add assignments)",
    );
  }
}
