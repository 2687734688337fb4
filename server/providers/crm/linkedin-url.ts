// One reading of a LinkedIn profile URL for every CRM provider's matching. People store a profile
// under many spellings (http or https, with or without www. or a country subdomain such as
// uk.linkedin.com, a tracking query, a fragment, a trailing slash, a percent-encoded slug); all of
// them are the one profile linkedin.com/in/<slug>. A CRM that searches by exact value (HubSpot's
// EQ, Salesforce's SOQL IN) is asked for the common spellings of it; a CRM that searches by
// substring (Pipedrive) is asked for the slug and its answers compared by this reading.
import { publicIdentifierFrom } from "../../lib/linkedin-url";

const PROFILE_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/** `linkedin.com/in/<slug>` (slug decoded, lower case), or null when the value is no profile URL. */
export function normalisedLinkedinUrl(value: string): string | null {
  const match = PROFILE_URL.exec(value.trim());
  if (!match) return null;
  const slug = publicIdentifierFrom(`linkedin.com/in/${match[1]!}`);
  return slug ? `linkedin.com/in/${slug}` : null;
}

/** The profile's slug (decoded, lower case), or null; `linkedinSlugSpellings` adds its percent-encoded form. */
export function linkedinSlug(value: string): string | null {
  return normalisedLinkedinUrl(value)?.slice("linkedin.com/in/".length) ?? null;
}

/** Whether two stored values name the same profile. */
export function sameLinkedinProfile(a: string, b: string): boolean {
  const left = normalisedLinkedinUrl(a);
  return left !== null && left === normalisedLinkedinUrl(b);
}

/**
 * The spellings to search an exact-match CRM for, most common first: the value as given, then the
 * profile with https/http/no scheme, with or without www., with or without a trailing slash (and
 * the slug percent-encoded when it has characters that need it). A country subdomain or a query
 * stored in the CRM is not among them: docs/crm-sync.md says so.
 */
export function linkedinUrlVariants(value: string): string[] {
  const trimmed = value.trim();
  const slug = linkedinSlug(trimmed);
  if (!slug) return trimmed === "" ? [] : [trimmed];
  const encoded = encodeURIComponent(slug);
  const variants = [trimmed, `https://www.linkedin.com/in/${slug}`, `https://www.linkedin.com/in/${slug}/`];
  if (encoded !== slug) variants.push(`https://www.linkedin.com/in/${encoded}`, `https://www.linkedin.com/in/${encoded}/`);
  for (const each of encoded !== slug ? [slug, encoded] : [slug]) {
    const path = `linkedin.com/in/${each}`;
    for (const prefix of ["https://", "http://www.", "www.", "", "http://"]) {
      variants.push(`${prefix}${path}`, `${prefix}${path}/`);
    }
  }
  return [...new Set(variants)];
}

/** The slug as a substring search looks for it: decoded, and percent-encoded when that differs. */
export function linkedinSlugSpellings(value: string): string[] {
  const slug = linkedinSlug(value);
  return slug ? [...new Set([slug, encodeURIComponent(slug)])] : [];
}
