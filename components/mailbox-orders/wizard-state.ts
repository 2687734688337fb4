// The ordering wizard's draft: the domains chosen, each one's platform, years, redirect and
// mailboxes, and the warmup; what the quote is asked with; and problems keyed by the same field
// paths the server names in a 400 (`domains.1.mailboxes.0.localPart`), so both show beside fields.
import type { z } from "zod";
import { ZQuoteMailboxOrderInput, type TMailPlatform } from "@/server/schemas/mailbox-order";

export type WarmupPreset = "conservative" | "standard" | "aggressive";

export interface DraftMailbox {
  key: string;
  firstName: string;
  lastName: string;
  localPart: string;
  /** The person typed the address: it no longer follows the first name. */
  localPartEdited: boolean;
}

export interface DraftDomain {
  key: string;
  name: string;
  existing: boolean;
  platform: TMailPlatform;
  years: number;
  redirectUrl: string;
  mailboxes: DraftMailbox[];
  /** From the search, for the summary; the quote says what it really costs. */
  priceCents: number | null;
  renewalCents: number | null;
  currency: string | null;
}

export interface Draft {
  domains: DraftDomain[];
  warmupEnabled: boolean;
  preset: WarmupPreset;
}

export type FieldProblems = Record<string, string>;

let nextKey = 0;
export const newKey = () => `k${++nextKey}`;

export function emptyMailbox(): DraftMailbox {
  return { key: newKey(), firstName: "", lastName: "", localPart: "", localPartEdited: false };
}

export function newDomain(name: string, options: { existing: boolean; priceCents?: number | null; renewalCents?: number | null; currency?: string | null }): DraftDomain {
  return {
    key: newKey(),
    name: name.trim().toLowerCase(),
    existing: options.existing,
    platform: "google",
    years: 1,
    redirectUrl: "",
    mailboxes: [emptyMailbox()],
    priceCents: options.priceCents ?? null,
    renewalCents: options.renewalCents ?? null,
    currency: options.currency ?? null,
  };
}

/** "Anne-Marie" → "anne-marie": what may stand before the @. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "")
    .replace(/^[._-]+|[._-]+$/g, "");
}

/** The addresses worth suggesting for a person: first@ and first.last@. */
export function localPartSuggestions(firstName: string, lastName: string): string[] {
  const first = slug(firstName);
  const last = slug(lastName);
  const suggestions = [first, first && last ? `${first}.${last}` : ""].filter(Boolean);
  return [...new Set(suggestions)];
}

/** A change to a mailbox's names: the address follows the first name until the person types one. */
export function withNames(mailbox: DraftMailbox, names: { firstName?: string; lastName?: string }): DraftMailbox {
  const next = { ...mailbox, ...names };
  return next.localPartEdited ? next : { ...next, localPart: slug(next.firstName) };
}

export type QuoteInput = z.input<typeof ZQuoteMailboxOrderInput>;

export function toQuoteInput(draft: Draft): QuoteInput {
  return {
    domains: draft.domains.map((domain) => ({
      name: domain.name,
      existing: domain.existing,
      platform: domain.platform,
      years: domain.existing ? 1 : domain.years,
      redirectUrl: domain.redirectUrl.trim() || null,
      mailboxes: domain.mailboxes.map((mailbox) => ({ localPart: mailbox.localPart, firstName: mailbox.firstName, lastName: mailbox.lastName })),
    })),
    warmup: draft.warmupEnabled ? { enabled: true, strategy: { preset: draft.preset } } : { enabled: false },
  };
}

/** The draft's problems as the server would name them, plus two addresses alike on one domain. */
export function draftProblems(draft: Draft): FieldProblems {
  const problems: FieldProblems = {};
  const parsed = ZQuoteMailboxOrderInput.safeParse(toQuoteInput(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[issue.path.join(".")] ??= issue.message;
  }
  draft.domains.forEach((domain, domainIndex) => {
    const seen = new Set<string>();
    domain.mailboxes.forEach((mailbox, mailboxIndex) => {
      const address = mailbox.localPart.trim().toLowerCase();
      if (address && seen.has(address)) problems[`domains.${domainIndex}.mailboxes.${mailboxIndex}.localPart`] ??= `${address}@${domain.name} is already in this order`;
      seen.add(address);
    });
  });
  return problems;
}

/** Problems that belong to the domain and mailbox details (everything under `domains.N.`). */
export function hasDetailProblems(problems: FieldProblems): boolean {
  return Object.keys(problems).some((path) => /^domains\.\d+\./.test(path));
}

export function mailboxCount(draft: Draft): number {
  return draft.domains.reduce((sum, domain) => sum + domain.mailboxes.length, 0);
}
