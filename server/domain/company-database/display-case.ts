// How a value of the company database is written for people: "united states" → "United States",
// "vp of sales" → "VP of Sales", "computer & network security" → "Computer & Network Security".
//
// The database keeps People Data Labs' lower-case values (docs/company-database.md): they are the
// filters' keys, compared by plain equality on plain indexes, and an import lower-cases whatever
// casing a file has. So casing is a matter of display, applied where values are shown, by this one
// function: it only changes the case of letters, never the letters, so a value shown and given back
// as a filter (which is lower-cased) finds the same rows, and existing databases need no rewrite.

/** Words always written one way, whatever the case they come in (acronyms, brands, degrees). */
const FIXED = new Map(
  [
    ...["VP", "SVP", "EVP", "AVP", "CEO", "CTO", "CFO", "COO", "CMO", "CIO", "CISO", "CRO", "CPO", "CHRO", "CDO", "CCO"],
    ...["HR", "IT", "AI", "ML", "QA", "UI", "UX", "PR", "BI", "ERP", "CRM", "SEO", "SEM", "API", "AWS", "GCP", "SQL", "PHP", "HTML", "CSS"],
    ...["B2B", "B2C", "SMB", "SDR", "BDR", "GTM", "KPI", "R&D", "EMEA", "APAC", "LATAM", "USA", "UK", "UAE", "EU", "NYC", "3D", "AR", "VR"],
    ...["MBA", "PhD", "BSc", "MSc", "BA", "BS", "MA", "MS", "JD", "MD", "CPA", "CFA", "LLM", "LLB", "LLC", "LLP", "PLC", "GmbH", "AG"],
    ...["SaaS", "PaaS", "IaaS", "IoT", "iOS", "macOS", "iPhone", "JavaScript", "TypeScript", "PostgreSQL", "MySQL", "MongoDB", "GraphQL"],
    ...["NoSQL", "DevOps", "GitHub", "GitLab", "LinkedIn", "HubSpot", "WordPress", "YouTube", "PayPal", "eBay", "CI", "CD", "II", "III", "IV"],
  ].map((word) => [word.toLowerCase(), word]),
);

/** Short words that stay lower case inside a value ("Bosnia and Herzegovina", "Head of Sales", "Rio de Janeiro"). */
const MINOR = new Set(["a", "an", "and", "as", "at", "by", "de", "del", "der", "di", "du", "for", "from", "in", "la", "of", "on", "or", "the", "to", "van", "via", "von", "vs", "with", "y"]);

/** A word: letters and digits, joined by an inner `.`, `'` or `&` (node.js, women's, r&d). */
const WORD = /[\p{L}\p{N}]+(?:[.'’&][\p{L}\p{N}]+)*/gu;

/**
 * The value with each word in its usual case. A word known to FIXED is written so; a word with a
 * capital already (McKinsey, DeepMind) is kept as the source wrote it; a minor word inside the
 * value stays lower case; any other word gets a capital first letter.
 */
export function displayCase(value: string): string {
  return value.replace(WORD, (word, offset: number) => {
    const lower = word.toLowerCase();
    const fixed = FIXED.get(lower);
    if (fixed) return fixed;
    if (word !== lower) return word;
    // After a space or a hyphen: "Head of Sales", "Île-de-France".
    const inside = offset > 0 && (value[offset - 1] === " " || value[offset - 1] === "-");
    if (inside && MINOR.has(lower)) return word;
    return capitalFirst(word);
  });
}

/** The first letter in capitals when that is one letter that lower-cases back ("ß" stays, it would become "SS"). */
function capitalFirst(word: string): string {
  const [first = "", ...rest] = word;
  const upper = first.toUpperCase();
  return upper.length === first.length && upper.toLowerCase() === first ? upper + rest.join("") : word;
}
