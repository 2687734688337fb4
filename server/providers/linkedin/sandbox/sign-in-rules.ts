// How the sandbox network answers a sign-in, chosen by documented test credentials (also listed on
// the dashboard's Sandbox page and in docs/sandbox.md). Tags go after a "+" in the e-mail's local
// part (or in a session cookie value): `ada+2fa@example.com`, `li_at=ada+premium`.
import { createHash } from "node:crypto";
import type { CheckpointType, ProviderErrorCode } from "../types";

/** The code the sandbox "sends" for 2FA and OTP challenges. */
export const SANDBOX_VERIFICATION_CODE = "123456";
/** The authenticator setup key of every `+2fa` member: TOTP codes from it solve 2FA challenges. */
export const SANDBOX_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
export const SANDBOX_WRONG_PASSWORD = "wrong-password";

export interface SandboxTestCredential {
  example: string;
  outcome: string;
}

export const SANDBOX_TEST_CREDENTIALS: SandboxTestCredential[] = [
  { example: "ada@example.com / any password", outcome: "Signs in (free plan)" },
  { example: "ada+premium@example.com", outcome: "Signs in on a Premium plan (notes on invitations, InMail credits)" },
  { example: `any e-mail / ${SANDBOX_WRONG_PASSWORD}`, outcome: "invalid-credentials" },
  { example: "ada+2fa@example.com", outcome: `2FA checkpoint: answer ${SANDBOX_VERIFICATION_CODE}, or a TOTP code of ${SANDBOX_TOTP_SECRET} (send totpSecret to log in automatically)` },
  { example: "ada+otp@example.com", outcome: `OTP checkpoint (SMS): answer ${SANDBOX_VERIFICATION_CODE}; can resend and try another way` },
  { example: "ada+app@example.com", outcome: "IN_APP_VALIDATION: approve it on the Sandbox page; the sender connects within about 10 seconds" },
  { example: "ada+phone@example.com", outcome: "PHONE_REGISTER: answer with a phone number such as +14155550123" },
  { example: "ada+captcha@example.com", outcome: "CAPTCHA: solve it on the sandbox's own page; the sender connects within about 10 seconds" },
  { example: "ada+restricted@example.com", outcome: "checkpoint-restricted" },
  { example: "ada+verification@example.com", outcome: "verification-required" },
  { example: "ada+ratelimited@example.com", outcome: "rate-limited" },
  { example: "ada+timeout@example.com", outcome: "provider-timeout" },
  { example: "ada+unreachable@example.com", outcome: "provider-unreachable" },
  { example: "any e-mail with proxy http://user:pass@fail.proxy.test:8080", outcome: "proxy-failed" },
  { example: "liAt: ada (cookie sign-in; tags work too, e.g. ada+premium)", outcome: "Signs in by session cookie" },
  { example: "liAt: expired", outcome: "invalid-session" },
];

export type SignInOutcome =
  | { kind: "ok" }
  | { kind: "checkpoint"; type: CheckpointType }
  | { kind: "error"; code: ProviderErrorCode; message: string };

export interface SandboxIdentity {
  memberId: string;
  username: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  isPremium: boolean;
  tags: Set<string>;
}

const CHECKPOINT_TAGS: Record<string, CheckpointType> = {
  "2fa": "2FA",
  otp: "OTP",
  app: "IN_APP_VALIDATION",
  phone: "PHONE_REGISTER",
  captcha: "CAPTCHA",
};

function capitalize(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** The member behind a username or cookie value: the same input always gives the same member. */
export function sandboxIdentity(usernameOrCookie: string): SandboxIdentity {
  const value = usernameOrCookie.trim().toLowerCase();
  const [local = "member", domain = "sandbox.test"] = value.split("@");
  const [base = "member", ...tags] = local.split("+");
  const words = base.split(/[._-]+/).filter(Boolean);
  const firstName = capitalize(words[0] ?? "Sandbox");
  const lastName = capitalize(words.slice(1).join(" ")) || "Sender";
  const key = `${base}@${domain}`;
  const hash = createHash("sha1").update(key).digest("hex");
  return {
    memberId: `sbm_${hash.slice(0, 16)}`,
    username: key,
    publicIdentifier: `${words.join("-") || "member"}-${hash.slice(0, 6)}`,
    firstName,
    lastName,
    isPremium: tags.includes("premium"),
    tags: new Set(tags),
  };
}

export function signInOutcome(input: { identity: SandboxIdentity; password?: string; proxyUrl?: string; cookie?: string }): SignInOutcome {
  const { tags } = input.identity;
  if (input.proxyUrl) {
    let host = "";
    try {
      host = new URL(input.proxyUrl).hostname;
    } catch {
      return { kind: "error", code: "proxy-failed", message: "The proxy address is not a valid URL" };
    }
    if (host.includes("fail") || host.endsWith(".invalid")) {
      return { kind: "error", code: "proxy-failed", message: `The proxy ${host} did not respond, so sign-in never reached LinkedIn` };
    }
  }
  if (tags.has("timeout")) return { kind: "error", code: "provider-timeout", message: "LinkedIn answered too slowly; try again" };
  if (tags.has("unreachable")) return { kind: "error", code: "provider-unreachable", message: "LinkedIn could not be reached; try again" };
  if (tags.has("ratelimited")) return { kind: "error", code: "rate-limited", message: "LinkedIn is throttling sign-in for this account; retry later" };
  if (input.cookie !== undefined) {
    if (input.cookie === "expired" || input.cookie.startsWith("invalid")) {
      return { kind: "error", code: "invalid-session", message: "LinkedIn rejected this session cookie; sign in again in the browser and copy a fresh li_at" };
    }
  } else if (input.password === SANDBOX_WRONG_PASSWORD) {
    return { kind: "error", code: "invalid-credentials", message: "Wrong username or password" };
  }
  if (tags.has("restricted")) {
    return { kind: "error", code: "checkpoint-restricted", message: "LinkedIn restricted this account; clear it on LinkedIn and connect again" };
  }
  if (tags.has("verification")) {
    return { kind: "error", code: "verification-required", message: "LinkedIn asks for an e-mail verification that cannot be completed here" };
  }
  for (const [tag, type] of Object.entries(CHECKPOINT_TAGS)) if (tags.has(tag)) return { kind: "checkpoint", type };
  return { kind: "ok" };
}
