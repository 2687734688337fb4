// What the sandbox registrar sells: yearly prices by top-level domain, the names it never offers,
// and the candidate names it suggests for a search word. Pure, so the prices and suggestions are
// the same on every run.

export interface TldPrice {
  firstYearCents: number;
  renewalCents: number;
}

const PRICES: Record<string, TldPrice> = {
  com: { firstYearCents: 1299, renewalCents: 1499 },
  net: { firstYearCents: 1399, renewalCents: 1599 },
  io: { firstYearCents: 3999, renewalCents: 4999 },
  co: { firstYearCents: 2999, renewalCents: 3299 },
};
const OTHER_PRICE: TldPrice = { firstYearCents: 1599, renewalCents: 1799 };

/** Names well known enough that a demo trying them should see them taken. */
export const RESERVED_DOMAINS: ReadonlySet<string> = new Set([
  "example.com",
  "example.net",
  "example.org",
  "google.com",
  "microsoft.com",
  "apple.com",
  "amazon.com",
  "facebook.com",
  "github.com",
  "herald.com",
]);

const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeDomainName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, "");
}

export function isValidDomainName(name: string): boolean {
  return DOMAIN_NAME.test(name);
}

export function tldPrice(name: string): TldPrice {
  const tld = name.slice(name.lastIndexOf(".") + 1);
  return PRICES[tld] ?? OTHER_PRICE;
}

/** The search word as one label: letters, digits and inner hyphens (`Acme Corp!` → `acmecorp`). */
function searchLabel(query: string): string {
  return query
    .toLowerCase()
    .replace(/[\s_]+/g, "")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

const MOST_SUGGESTIONS = 20;

/**
 * Candidate names for a search word, best first: a query that is already a domain name first,
 * then its label under the common endings and with the usual prefixes and suffixes.
 */
export function suggestDomainNames(query: string): string[] {
  const normalized = normalizeDomainName(query);
  const names: string[] = [];
  if (normalized.includes(".") && isValidDomainName(normalized)) names.push(normalized);
  const label = searchLabel(normalized.includes(".") ? normalized.slice(0, normalized.indexOf(".")) : normalized);
  if (label) {
    names.push(
      `${label}.com`,
      `${label}.io`,
      `${label}.co`,
      `${label}.net`,
      `get${label}.com`,
      `try${label}.com`,
      `${label}hq.com`,
      `use${label}.com`,
      `${label}mail.com`,
      `join${label}.com`,
      `hello${label}.com`,
      `${label}app.com`,
      `${label}team.com`,
      `meet${label}.com`,
      `get${label}.io`,
      `${label}hq.io`,
      `try${label}.co`,
      `${label}.org`,
      `${label}.email`,
      `${label}.ai`,
    );
  }
  return [...new Set(names)].filter(isValidDomainName).slice(0, MOST_SUGGESTIONS);
}
