// A stand-in for Microsoft identity's token endpoint and Microsoft Graph v1.0 on loopback, in their
// documented shapes, keeping a tenant's state: domains (verified once the test says the TXT record is
// visible), users, licenses. It checks the client credentials and the bearer token, and refuses what
// Graph refuses (a user on an unverified domain, a license without a usage location or free units).
// The token is JWT-shaped with the app's application permissions in `roles` and its service
// principal in `oid` (Microsoft identity platform, "Access token claims reference"). Refusals named
// by Graph's docs: an app-only password reset (`PATCH /users/{id}` with passwordProfile) without a
// directory role that may reset passwords answers 403 Authorization_RequestDenied "Insufficient
// privileges to complete the operation." ("Update user": app-only needs User.ReadWrite.All and at
// least the User Administrator role); `memberOf` of a service principal needs Application.Read.All
// or higher ("List servicePrincipal memberOf"). serviceConfigurationRecords lists MX, SPF and
// autodiscover for Email ("List serviceConfigurationRecords"); DKIM CNAMEs only when a test sets
// `serviceDkim`, in the format newer tenants use ("…-v1.dkim.mail.microsoft", Defender docs).
// Each user's mail (sendMail, the Inbox, Junk Email and Sent Items) is graph-mail-fake.ts.
import { randomUUID } from "node:crypto";
import { now } from "../../lib/clock";
import { deliverToGraphUser, handleGraphMail, type FakeGraphMessage, type FakeMailFolder, type GraphMailState } from "./graph-mail-fake";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";

export interface FakeGraphDomain {
  id: string;
  isVerified: boolean;
  isInitial: boolean;
  isDefault: boolean;
  authenticationType: string;
  supportedServices: string[];
}

export interface FakeGraphUser {
  id: string;
  userPrincipalName: string;
  displayName: string;
  mailNickname: string;
  accountEnabled: boolean;
  usageLocation?: string;
  password: string;
  assignedLicenses: { skuId: string; disabledPlans: string[] }[];
  /** When a license was first assigned (Herald's clock, epoch ms): Exchange creates the mailbox after it. */
  licensedAt?: number;
}

export interface GraphFake extends GraphMailState {
  url: string;
  tokenUrl: string;
  http: LocalHttpFake;
  domains: Map<string, FakeGraphDomain>;
  users: Map<string, FakeGraphUser>;
  skus: { skuId: string; skuPartNumber: string; appliesTo: string; capabilityStatus: string; consumedUnits: number; prepaidUnits: { enabled: number; suspended: number; warning: number } }[];
  /** Domains whose verification TXT record Microsoft can see. */
  dnsVisible: Set<string>;
  tokensIssued: number;
  /** Waits this long before creating a domain or user and answering (past the timeout: answer lost). */
  createDelayMs: number;
  outage: { status: number; code: string; message: string } | null;
  /** The application permissions granted with admin consent (the token's `roles`). */
  appPermissions: Set<string>;
  /** The object ID of the app's service principal (the token's `oid`). */
  servicePrincipalId: string;
  /** Template IDs of the directory roles assigned to the app's service principal (none by default). */
  directoryRoles: Set<string>;
  /** Lists the domain's DKIM selector CNAMEs among its Email service records (new-tenant format). */
  serviceDkim: boolean;
  /** Makes every token issued so far invalid (revoked): the next call with one answers 401. */
  revokeTokens(): void;
  /** Delivers a message to the user of this address (a prospect's reply, a bounce), as Exchange would. */
  deliver(address: string, raw: Buffer | string, folder?: FakeMailFolder): Promise<FakeGraphMessage>;
  close(): Promise<void>;
}

const graphError = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { error: { code, message, innerError: { "request-id": randomUUID() } } } });
const notFound = (what: string) => graphError(404, "Request_ResourceNotFound", `Resource '${what}' does not exist or one of its queried reference-property objects are not present.`);
/** Template IDs of the built-in roles that may reset a (non-admin) user's password. */
export const USER_ADMINISTRATOR_ROLE = "fe930be7-5e62-47db-91af-98c3a49a38b1";
const PASSWORD_RESET_ROLES = new Set([USER_ADMINISTRATOR_ROLE, "7be44c8a-adaf-4e2a-84d6-ab2649e08a13", "62e90394-69f5-4237-9190-012177145e10"]);
/** The application permissions docs/mailbox-orders.md asks for. */
export const HERALD_APP_PERMISSIONS = ["Domain.ReadWrite.All", "User.ReadWrite.All", "Organization.Read.All", "LicenseAssignment.ReadWrite.All", "Mail.Send", "Mail.ReadWrite"];
const forbidden = () => graphError(403, "Authorization_RequestDenied", "Insufficient privileges to complete the operation.");
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const txtCode = (domain: string) => `MS=ms${Buffer.from(domain).toString("hex").slice(0, 8)}`;

function complexEnough(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((pattern) => pattern.test(password)).length;
  return password.length >= 8 && password.length <= 256 && classes >= 3;
}

export async function startGraphFake(app: { tenantId: string; clientId: string; clientSecret: string }): Promise<GraphFake> {
  const tokens = new Set<string>();
  const state: Omit<GraphFake, "url" | "tokenUrl" | "http" | "close" | "deliver" | "revokeTokens"> = {
    mail: new Map(),
    outbound: [],
    junkFrom: new Set(),
    mailboxPending: new Set(),
    mailboxReadyAfterMs: 0,
    unreadable: new Set(),
    domains: new Map([["herald.onmicrosoft.com", { id: "herald.onmicrosoft.com", isVerified: true, isInitial: true, isDefault: true, authenticationType: "Managed", supportedServices: ["Email"] }]]),
    users: new Map(),
    skus: [
      { skuId: "c5928f49-12ba-48f7-ada3-0d743a3601d5", skuPartNumber: "VISIOCLIENT", appliesTo: "User", capabilityStatus: "Enabled", consumedUnits: 0, prepaidUnits: { enabled: 5, suspended: 0, warning: 0 } },
      { skuId: "4b9405b0-7788-4568-add1-99614e613b69", skuPartNumber: "EXCHANGESTANDARD", appliesTo: "User", capabilityStatus: "Enabled", consumedUnits: 0, prepaidUnits: { enabled: 10, suspended: 0, warning: 0 } },
    ],
    dnsVisible: new Set(),
    tokensIssued: 0,
    createDelayMs: 0,
    outage: null,
    appPermissions: new Set(HERALD_APP_PERMISSIONS),
    servicePrincipalId: randomUUID(),
    directoryRoles: new Set(),
    serviceDkim: false,
  };
  const json = (request: FakeRequest) => JSON.parse(request.body.toString("utf8") || "{}") as Record<string, unknown>;
  const delayCreate = () => (state.createDelayMs ? new Promise((resolve) => setTimeout(resolve, state.createDelayMs)) : Promise.resolve());
  const userBy = (key: string) => state.users.get(key) ?? [...state.users.values()].find((user) => user.userPrincipalName === key.toLowerCase());
  const shownUser = ({ password: _password, licensedAt: _licensedAt, ...user }: FakeGraphUser) => ({ "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity", ...user });

  function dnsRecords(domain: FakeGraphDomain, kind: string) {
    const base = { isOptional: false, label: domain.id, ttl: 3600 };
    if (kind === "verificationDnsRecords") {
      return [
        { "@odata.type": "microsoft.graph.domainDnsTxtRecord", id: randomUUID(), ...base, recordType: "Txt", supportedService: null, text: txtCode(domain.id) },
        { "@odata.type": "microsoft.graph.domainDnsMxRecord", id: randomUUID(), ...base, recordType: "Mx", supportedService: null, mailExchange: `${txtCode(domain.id).slice(3)}.msv1.invalid`, preference: 32767 },
      ];
    }
    if (!domain.supportedServices.includes("Email")) return [];
    const flat = domain.id.replace(/\./g, "-");
    const prefix = [...state.domains.values()].find((candidate) => candidate.isInitial)!.id.split(".")[0];
    const dkim = ["1", "2"].map((n) => ({
      "@odata.type": "microsoft.graph.domainDnsCnameRecord", id: randomUUID(), ...base, label: `selector${n}._domainkey.${domain.id}`, recordType: "CName", supportedService: "Email",
      canonicalName: `selector${n}-${flat}._domainkey.${prefix}.n-v${n}.dkim.mail.microsoft`,
    }));
    return [
      ...(state.serviceDkim ? dkim : []),
      { "@odata.type": "microsoft.graph.domainDnsMxRecord", id: randomUUID(), ...base, recordType: "Mx", supportedService: "Email", mailExchange: `${flat}.mail.protection.outlook.com`, preference: 0 },
      { "@odata.type": "microsoft.graph.domainDnsTxtRecord", id: randomUUID(), ...base, recordType: "Txt", supportedService: "Email", text: "v=spf1 include:spf.protection.outlook.com -all" },
      { "@odata.type": "microsoft.graph.domainDnsCnameRecord", id: randomUUID(), ...base, label: `autodiscover.${domain.id}`, recordType: "CName", supportedService: "Email", canonicalName: "autodiscover.outlook.com" },
      { "@odata.type": "microsoft.graph.domainDnsSrvRecord", id: randomUUID(), ...base, label: `_sipfederationtls._tcp.${domain.id}`, recordType: "Srv", supportedService: "OfficeCommunicationsOnline", nameTarget: "sipfed.online.lync.com", port: 5061, priority: 100, protocol: "_tcp", service: "_sipfederationtls", weight: 1 },
    ];
  }

  async function handle(request: FakeRequest): Promise<FakeAnswer> {
    if (request.method === "POST" && request.path === `/${app.tenantId}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(request.body.toString("utf8"));
      if (form.get("grant_type") !== "client_credentials" || form.get("scope") !== "https://graph.microsoft.com/.default") {
        return { status: 400, body: { error: "invalid_request", error_description: "AADSTS900144: The request body must contain the following parameter: 'grant_type'." } };
      }
      if (form.get("client_id") !== app.clientId || form.get("client_secret") !== app.clientSecret) {
        return { status: 401, body: { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.\r\nTrace ID: x", error_codes: [7000215] } };
      }
      state.tokensIssued++;
      const claims = { aud: "https://graph.microsoft.com", tid: app.tenantId, appid: app.clientId, oid: state.servicePrincipalId, idtyp: "app", roles: [...state.appPermissions], uti: randomUUID() };
      const token = `${base64url({ typ: "JWT", alg: "RS256" })}.${base64url(claims)}.fake-signature`;
      tokens.add(token);
      return { body: { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: token } };
    }
    if (!request.path.startsWith("/v1.0/")) return graphError(404, "BadRequest", "Unsupported segment");
    if (!tokens.has(String(request.headers.authorization).replace(/^Bearer /, ""))) return graphError(401, "InvalidAuthenticationToken", "Access token validation failure. Invalid audience.");
    if (state.outage) return graphError(state.outage.status, state.outage.code, state.outage.message);
    const path = decodeURIComponent(request.path.slice("/v1.0".length));
    const mailMatch = /^\/users\/([^/]+)(\/.+)$/.exec(path);
    if (mailMatch) {
      const context = { roles: state.appPermissions, user: userBy(mailMatch[1]!), userKey: mailMatch[1]!, findUser: userBy };
      const answer = await handleGraphMail(state, context, mailMatch[2]!, request);
      if (answer) return answer;
    }
    const body = request.method === "POST" || request.method === "PATCH" ? json(request) : {};

    if (path === "/domains" && request.method === "GET") return { body: { value: [...state.domains.values()] } };
    if (path === "/domains" && request.method === "POST") {
      const id = String(body.id ?? "").toLowerCase();
      if (!id.includes(".")) return graphError(400, "Request_BadRequest", "Invalid value specified for property 'id' of resource 'Domain'.");
      if (state.domains.has(id)) return graphError(400, "Request_BadRequest", "A conflicting object with one or more of the specified property values is present in the directory.");
      await delayCreate();
      const domain = { id, isVerified: false, isInitial: false, isDefault: false, authenticationType: "Managed", supportedServices: [] };
      state.domains.set(id, domain);
      return { status: 201, body: domain };
    }
    const domainMatch = /^\/domains\/([^/]+)(?:\/(verify|verificationDnsRecords|serviceConfigurationRecords))?$/.exec(path);
    if (domainMatch) {
      const domain = state.domains.get(domainMatch[1]!.toLowerCase());
      if (!domain) return notFound(domainMatch[1]!);
      const sub = domainMatch[2];
      if (!sub && request.method === "GET") return { body: domain };
      if (!sub && request.method === "PATCH") {
        if (!domain.isVerified) return graphError(400, "Request_BadRequest", "Unable to update the domain because it is not verified.");
        if (Array.isArray(body.supportedServices)) domain.supportedServices = body.supportedServices as string[];
        return { status: 204 };
      }
      if (sub === "verify" && request.method === "POST") {
        if (!state.dnsVisible.has(domain.id)) return graphError(400, "Request_BadRequest", `Domain verification failed. We could not find the TXT record for ${domain.id}.`);
        domain.isVerified = true;
        return { body: domain };
      }
      if (sub && request.method === "GET") return { body: { value: dnsRecords(domain, sub) } };
    }
    if (path === `/servicePrincipals/${state.servicePrincipalId}/memberOf` && request.method === "GET") {
      const granted = ["Application.Read.All", "Application.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All"].some((permission) => state.appPermissions.has(permission));
      if (!granted) return forbidden();
      const roles = [...state.directoryRoles].map((roleTemplateId) => ({ "@odata.type": "#microsoft.graph.directoryRole", id: randomUUID(), roleTemplateId }));
      return { body: { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#directoryObjects", value: roles } };
    }
    if (path === "/subscribedSkus" && request.method === "GET") return { body: { value: state.skus } };
    if (path === "/users" && request.method === "POST") {
      const upn = String(body.userPrincipalName ?? "").toLowerCase();
      const profile = body.passwordProfile as { password?: string } | undefined;
      for (const field of ["accountEnabled", "displayName", "mailNickname", "userPrincipalName", "passwordProfile"]) {
        if (body[field] === undefined) return graphError(400, "Request_BadRequest", `Property '${field}' is required.`);
      }
      if (!state.domains.get(upn.split("@")[1] ?? "")?.isVerified) {
        return graphError(400, "Request_BadRequest", "The domain portion of the userPrincipalName property is invalid. You must use one of the verified domain names in your organization.");
      }
      if (!complexEnough(profile?.password ?? "")) return graphError(400, "Request_BadRequest", "The specified password does not comply with password complexity requirements. Please provide a different password.");
      if (userBy(upn)) return graphError(400, "Request_BadRequest", "Another object with the same value for property userPrincipalName already exists.");
      await delayCreate();
      const user: FakeGraphUser = {
        id: randomUUID(),
        userPrincipalName: upn,
        displayName: String(body.displayName),
        mailNickname: String(body.mailNickname),
        accountEnabled: body.accountEnabled === true,
        usageLocation: typeof body.usageLocation === "string" ? body.usageLocation : undefined,
        password: profile!.password!,
        assignedLicenses: [],
      };
      state.users.set(user.id, user);
      return { status: 201, body: shownUser(user) };
    }
    const userMatch = /^\/users\/([^/]+)(\/assignLicense)?$/.exec(path);
    if (userMatch) {
      const user = userBy(userMatch[1]!);
      if (!user) return notFound(userMatch[1]!);
      if (userMatch[2] && request.method === "POST") {
        if (!user.usageLocation) return graphError(400, "Request_BadRequest", "License assignment cannot be done for user with invalid usage location.");
        for (const add of (body.addLicenses as { skuId: string }[]) ?? []) {
          const sku = state.skus.find((candidate) => candidate.skuId === add.skuId);
          if (!sku) return graphError(400, "Request_BadRequest", `License ${add.skuId} does not correspond to a valid company License.`);
          if (sku.consumedUnits >= sku.prepaidUnits.enabled) return graphError(400, "Request_BadRequest", `Subscription with SKU ${add.skuId} does not have any available licenses.`);
          sku.consumedUnits++;
          user.assignedLicenses.push({ skuId: add.skuId, disabledPlans: [] });
          user.licensedAt ??= now().getTime();
        }
        return { body: shownUser(user) };
      }
      if (request.method === "GET") return { body: shownUser(user) };
      if (request.method === "PATCH") {
        const profile = body.passwordProfile as { password?: string } | undefined;
        if (profile?.password !== undefined) {
          if (![...state.directoryRoles].some((role) => PASSWORD_RESET_ROLES.has(role))) return forbidden();
          if (!complexEnough(profile.password)) return graphError(400, "Request_BadRequest", "The specified password does not comply with password complexity requirements. Please provide a different password.");
          user.password = profile.password;
        }
        return { status: 204 };
      }
      if (request.method === "DELETE") {
        state.users.delete(user.id);
        return { status: 204 };
      }
    }
    return graphError(400, "BadRequest", `Resource not found for the segment '${path}'.`);
  }

  const http = await startLocalHttpFake(handle);
  const deliver = async (address: string, raw: Buffer | string, folder?: FakeMailFolder) => {
    const user = userBy(address);
    if (!user) throw new Error(`The Graph stand-in has no user ${address}`);
    return deliverToGraphUser(state, user.id, Buffer.isBuffer(raw) ? raw : Buffer.from(raw), folder);
  };
  return Object.assign(state, { url: http.url, tokenUrl: `${http.url}/${app.tenantId}/oauth2/v2.0/token`, http, deliver, revokeTokens: () => tokens.clear(), close: () => http.close() });
}
