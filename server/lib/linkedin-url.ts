// LinkedIn profile URLs and public identifiers: https://www.linkedin.com/in/jane-doe ⇄ jane-doe.

/** The public identifier in a LinkedIn profile URL (lowercased), or the input if it already is one. */
export function publicIdentifierFrom(profileUrlOrIdentifier: string): string | null {
  const trimmed = profileUrlOrIdentifier.trim();
  const match = /linkedin\.com\/in\/([^/?#]+)/i.exec(trimmed);
  if (match) {
    try {
      return decodeURIComponent(match[1]!).toLowerCase();
    } catch {
      return match[1]!.toLowerCase();
    }
  }
  return /^[a-z0-9-]{3,100}$/i.test(trimmed) ? trimmed.toLowerCase() : null;
}

export function profileUrlOf(publicIdentifier: string): string {
  return `https://www.linkedin.com/in/${publicIdentifier}`;
}
