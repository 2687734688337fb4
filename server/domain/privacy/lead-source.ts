// A lead's provenance in words (docs/privacy.md): where it came from (Lead.source) and, within that,
// which file, search, API key or member (Lead.sourceDetail). The lead page and the export say it to
// the team; the first e-mail's notice line ({{dataSource}}) says it to the person. Pure.

/** How a lead came into the workspace. */
export const LEAD_SOURCES = ["api", "dashboard", "direct-action", "csv", "linkedin-search", "campaign", "company-database", "demo", "crm"] as const;

const SOURCE_WORDS: Record<string, string> = {
  api: "API",
  dashboard: "Dashboard",
  "direct-action": "Direct action",
  csv: "CSV file",
  "linkedin-search": "LinkedIn search",
  campaign: "Campaign",
  "company-database": "Company database",
  demo: "Demo data",
  crm: "CRM",
};

/** For the team: "CSV file leads.csv", "API key Zapier", "Dashboard, added by Ana Lopez". */
export function leadSourceInWords(source: string, detail: string | null): string {
  const words = SOURCE_WORDS[source] ?? "Unknown source";
  if (!detail) return words;
  if (source === "csv" || source === "linkedin-search") return `${words} ${detail}`;
  if (source === "api") return `API key ${detail}`;
  return `${words}, ${detail}`;
}

/** For the person, completing "your work address is listed in …": "a CSV file (leads.csv)", "our company database". */
export function dataSourceInWords(source: string, detail: string | null): string {
  switch (source) {
    case "csv":
      return detail ? `a CSV file (${detail})` : "a CSV file";
    case "linkedin-search":
      return "LinkedIn search";
    case "direct-action":
      return "LinkedIn";
    case "company-database":
      return "our company database";
    case "crm":
      return "our CRM";
    default:
      return "our records";
  }
}

/** What a member's hand adds to the detail: "added by Ana Lopez". */
export function addedBy(memberName: string): string {
  return `added by ${memberName}`;
}
