// Pure converters between Unipile's objects and the LinkedinProvider types, plus the request
// values Unipile wants in its own format (proxy object, checkpoint phone number).
import {
  LinkedinProviderError,
  type LinkedinPlan,
  type MemberProfile,
  type ProviderAccountState,
  type ProviderCheckpoint,
  type SenderIdentity,
} from "../types";
import type { TUnipileCheckpoint, TUnipileOwnProfile, TUnipileSearchPerson, TUnipileUserProfile } from "./schemas";

const PROFILE_BASE = "https://www.linkedin.com/in/";

export function profileUrlFor(publicIdentifier: string | null | undefined, memberId: string): string {
  return `${PROFILE_BASE}${encodeURIComponent(publicIdentifier || memberId)}`;
}

/**
 * What Unipile's GET /users/{identifier} takes: a public identifier or a provider id. Herald may
 * hold a full profile URL (linkedin.com/in/…, or a Sales Navigator lead URL), so the last path
 * segment that names the person is extracted. A Sales Navigator id (ACw…, from a lead URL or a Sales
 * Navigator search) is passed as is.
 * Not settled by Unipile's documentation: verify with a live account (that GET /users/{ACw…} answers
 * with the person's classic ACo… provider_id, which messages and invitations need).
 */
export function profileIdentifier(profileUrlOrIdentifier: string): string {
  const value = profileUrlOrIdentifier.trim();
  if (!/^https?:\/\//i.test(value) && !/^(www\.)?linkedin\.com\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return value;
  }
  const segments = url.pathname.split("/").filter(Boolean).map((segment) => decodeURIComponent(segment));
  for (const marker of ["in", "lead", "people"]) {
    const at = segments.indexOf(marker);
    const next = at >= 0 ? segments[at + 1] : undefined;
    // Sales Navigator lead URLs carry "ACwAA…,NAME_SEARCH,xyz": the id is the part before the comma.
    if (next) return next.split(",")[0]!;
  }
  throw new LinkedinProviderError("profile-not-found", `Not a LinkedIn profile URL: ${profileUrlOrIdentifier}`);
}

/** FIRST_DEGREE (profiles) or DISTANCE_1 (search results) to 1, 2, 3; out of network counts as 3+. */
export function connectionDegree(distance: string | null | undefined): 1 | 2 | 3 | null {
  switch (distance) {
    case "FIRST_DEGREE":
    case "DISTANCE_1":
      return 1;
    case "SECOND_DEGREE":
    case "DISTANCE_2":
      return 2;
    case "THIRD_DEGREE":
    case "DISTANCE_3":
    case "OUT_OF_NETWORK":
      return 3;
    default:
      return null;
  }
}

function currentPosition(profile: TUnipileUserProfile): { company: string | null; jobTitle: string | null } {
  const positions = profile.work_experience ?? [];
  const current = positions.find((position) => position.current === true) ?? positions.find((position) => !position.end) ?? null;
  return { company: current?.company || null, jobTitle: current?.position || null };
}

export function memberFromProfile(profile: TUnipileUserProfile): MemberProfile {
  const publicIdentifier = profile.public_identifier || profile.provider_id;
  return {
    memberId: profile.provider_id,
    publicIdentifier,
    profileUrl: profile.public_profile_url || profileUrlFor(profile.public_identifier, profile.provider_id),
    firstName: profile.first_name ?? "",
    lastName: profile.last_name ?? "",
    headline: profile.headline || null,
    ...currentPosition(profile),
    location: profile.location || null,
    picture: profile.profile_picture_url || profile.profile_picture_url_large || null,
    openProfile: profile.is_open_profile === true,
    isPremium: profile.is_premium === true,
    connectionDegree: connectionDegree(profile.network_distance),
    invitationPending: profile.invitation?.type === "SENT" && profile.invitation.status === "PENDING",
  };
}

export function memberFromSearch(person: TUnipileSearchPerson): MemberProfile {
  const [first, ...rest] = (person.name ?? "").split(" ");
  const position = person.current_positions?.[0];
  return {
    memberId: person.id,
    publicIdentifier: person.public_identifier || person.id,
    profileUrl: person.public_profile_url || person.profile_url || profileUrlFor(person.public_identifier, person.id),
    firstName: person.first_name ?? first ?? "",
    lastName: person.last_name ?? rest.join(" "),
    headline: person.headline || null,
    company: position?.company || null,
    jobTitle: position?.role || null,
    location: person.location || null,
    picture: person.profile_picture_url || null,
    openProfile: person.open_profile === true,
    isPremium: person.premium === true,
    connectionDegree: connectionDegree(person.network_distance),
    invitationPending: person.pending_invitation === true,
  };
}

function subscribed(product: Record<string, unknown> | null | undefined): boolean {
  return Boolean(product && typeof product.contract_id === "string" && !product.error);
}

export function planOf(me: TUnipileOwnProfile): LinkedinPlan {
  if (subscribed(me.recruiter)) return "recruiter";
  if (subscribed(me.sales_navigator)) return "sales_navigator";
  return me.premium ? "premium" : "free";
}

export function senderIdentity(providerAccountId: string, me: TUnipileOwnProfile): SenderIdentity {
  const firstName = me.first_name ?? "";
  const lastName = me.last_name ?? "";
  const plan = planOf(me);
  return {
    providerAccountId,
    memberId: me.provider_id,
    fullName: [firstName, lastName].filter(Boolean).join(" "),
    firstName,
    lastName,
    headline: me.headline || me.occupation || null,
    publicIdentifier: me.public_identifier || me.provider_id,
    profileUrl: me.public_profile_url || profileUrlFor(me.public_identifier, me.provider_id),
    profilePicture: me.profile_picture_url || null,
    isPremium: me.premium === true || plan !== "free",
    plan,
    // Unipile's owner profile does not document a verification badge; absent means false.
    isVerified: me.is_verified === true,
  };
}

/**
 * How each Unipile checkpoint is answered. Unipile resends codes and in-app prompts, and switches
 * method when given TRY_ANOTHER_WAY; its CAPTCHA has no page Herald can send the person to (the
 * Arkose keys it returns are for solving on a device), so hostedUrl stays null and the way out is
 * Unipile's hosted sign-in, which solves it in the browser.
 */
export function providerCheckpoint(checkpoint: TUnipileCheckpoint["checkpoint"]): ProviderCheckpoint {
  switch (checkpoint.type) {
    case "2FA":
      // A code from an authenticator app cannot be resent; one sent by SMS can.
      return { type: "2FA", input: "code", canResend: checkpoint.source !== "APP", canTryAnotherWay: true };
    case "OTP":
      return { type: "OTP", input: "code", canResend: true, canTryAnotherWay: true };
    case "IN_APP_VALIDATION":
      return { type: "IN_APP_VALIDATION", input: "none", canResend: true, canTryAnotherWay: true };
    case "PHONE_REGISTER":
      return { type: "PHONE_REGISTER", input: "phone", canResend: false, canTryAnotherWay: false };
    case "CAPTCHA":
      return { type: "CAPTCHA", input: "hosted", canResend: false, canTryAnotherWay: false, hostedUrl: null };
    default:
      throw new LinkedinProviderError(
        "unsupported-verification",
        `LinkedIn asked for a ${checkpoint.type} verification, which Herald cannot answer through Unipile's API; use the hosted sign-in link instead`,
      );
  }
}

const STATE_RANK: Record<ProviderAccountState, number> = { ok: 0, checkpoint: 1, restricted: 2, disconnected: 3, credentials: 4 };

/** One Unipile source status; CONNECTING is Unipile catching up, not something to act on. */
export function sourceState(status: string): ProviderAccountState {
  switch (status) {
    case "OK":
    case "CONNECTING":
      return "ok";
    case "CREDENTIALS":
      return "credentials";
    case "PERMISSIONS":
      return "restricted";
    default:
      // ERROR, STOPPED and anything Unipile adds later: the account no longer syncs.
      return "disconnected";
  }
}

/** The worst state across an account's sources (a premium account has one per product). */
export function accountState(statuses: string[]): ProviderAccountState {
  if (statuses.length === 0) return "disconnected";
  return statuses.map(sourceState).reduce((worst, state) => (STATE_RANK[state] > STATE_RANK[worst] ? state : worst), "ok" as ProviderAccountState);
}

/** Unipile's proxy object from Herald's proxy URL (http://user:password@host:port, socks5://…). */
export function unipileProxy(proxyUrl: string): { protocol: "http" | "https" | "socks5"; host: string; port: number; username?: string; password?: string } {
  let url: URL;
  try {
    url = new URL(proxyUrl);
  } catch {
    throw new LinkedinProviderError("proxy-failed", "proxy.url is not a valid URL; expected e.g. http://user:password@proxy.example.com:8080");
  }
  const protocol = url.protocol.replace(/:$/, "").toLowerCase();
  if (protocol !== "http" && protocol !== "https" && protocol !== "socks5") {
    throw new LinkedinProviderError("proxy-failed", `proxy.url uses ${protocol}, which Unipile does not support; use http, https or socks5`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new LinkedinProviderError("proxy-failed", "proxy.url has no host");
  const port = url.port ? Number(url.port) : { http: 80, https: 443, socks5: 1080 }[protocol];
  return {
    protocol,
    host,
    port,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

// ITU calling codes are prefix-free: 1 and 7 stand alone, these two-digit ones too, and every
// other code has three digits. That is enough to split an E.164 number without a phone library.
const TWO_DIGIT_CALLING_CODES = new Set([
  "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
  "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66",
  "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
]);

/**
 * Unipile wants a phone number as "(+33)612345678": the calling code in brackets, then the national
 * number. Herald's E.164 form (+33612345678) is split accordingly; the bracketed form passes as is.
 * Not settled by Unipile's documentation: verify with a live account (its one example keeps the
 * trunk 0, "(+33)0612345678"; whether the number without it is taken the same).
 */
export function checkpointPhone(phone: string): string {
  const compact = phone.replace(/[\s().-]/g, "");
  if (/^\(\+\d{1,3}\)\d{4,14}$/.test(phone.replace(/[\s.-]/g, ""))) return phone.replace(/[\s.-]/g, "");
  const match = /^(?:\+|00)(\d{7,15})$/.exec(compact);
  if (!match) {
    throw new LinkedinProviderError("verification-failed", `phone must be in international form, e.g. +33612345678 (got ${phone})`);
  }
  const digits = match[1]!;
  const codeLength = digits[0] === "1" || digits[0] === "7" ? 1 : TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  return `(+${digits.slice(0, codeLength)})${digits.slice(codeLength)}`;
}
