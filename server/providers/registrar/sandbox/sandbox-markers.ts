// The words in a domain's first label that make the sandbox registrar and mail platform fail or
// lag in a known way (docs/sandbox.md, "Domains and managed mailboxes"), and the seeded delay
// after which everything else settles. The mail platform's two words are matched first and taken
// out, so `slowplatform-acme.com` lags at the platform without also registering slowly.
import { mulberry32, seedFromText } from "../../../lib/seeded-random";

export const SANDBOX_DOMAIN_MARKERS = ["taken", "gone", "timeout", "slow", "platformfail", "slowplatform"] as const;
export type SandboxDomainMarker = (typeof SANDBOX_DOMAIN_MARKERS)[number];

const PLATFORM_MARKERS = ["slowplatform", "platformfail"] as const;
const REGISTRAR_MARKERS = ["taken", "gone", "timeout", "slow"] as const;

/** A `slow` registration is active this long after the call. */
export const SLOW_REGISTRATION_MS = 3 * 60 * 60 * 1000;
/** A `slowplatform` tenant is ready this long after it was created. */
export const SLOW_PLATFORM_MS = 2 * 60 * 60 * 1000;
/** A `platformfail` tenant refuses to create users for this long after it was created. */
export const PLATFORM_FAIL_MS = 60 * 60 * 1000;

export function firstLabel(domain: string): string {
  return domain.trim().toLowerCase().split(".")[0] ?? "";
}

export function sandboxMarkers(domain: string): Set<SandboxDomainMarker> {
  let label = firstLabel(domain);
  const found = new Set<SandboxDomainMarker>();
  for (const marker of PLATFORM_MARKERS) {
    if (label.includes(marker)) {
      found.add(marker);
      label = label.replaceAll(marker, "-");
    }
  }
  for (const marker of REGISTRAR_MARKERS) if (label.includes(marker)) found.add(marker);
  return found;
}

/** 5–30 seconds, the same for the same name and purpose on every run. */
export function seededSettleMs(purpose: string, name: string): number {
  const random = mulberry32(seedFromText(`${purpose}:${name.toLowerCase()}`));
  return 5_000 + Math.floor(random() * 25_001);
}

/** Hex text of `length` characters, the same for the same seed text. */
export function seededHex(seedText: string, length: number): string {
  const random = mulberry32(seedFromText(seedText));
  let text = "";
  while (text.length < length) text += Math.floor(random() * 0x1_0000_0000).toString(16).padStart(8, "0");
  return text.slice(0, length);
}
