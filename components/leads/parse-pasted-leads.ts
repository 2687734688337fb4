// Reads pasted lines (profile URLs or e-mail addresses, one per line) into lead inputs with the
// API's own schema, so the preview recognizes exactly what adding will accept.
import { ZLeadInput, type TLeadInput } from "@/server/schemas/lead";

export type PastedLine =
  | { line: number; text: string; kind: "profile" | "email"; lead: TLeadInput; duplicateOfLine: number | null }
  | { line: number; text: string; kind: "unrecognized"; reason: string };

const PROFILE = /linkedin\.com\/in\//i;

function keyOf(lead: TLeadInput): string {
  if (lead.profileUrl) {
    const slug = /linkedin\.com\/in\/([^/?#]+)/i.exec(lead.profileUrl)?.[1] ?? lead.profileUrl;
    return `in:${decodeURIComponent(slug).toLowerCase()}`;
  }
  return `email:${lead.email}`;
}

/** An address as mail programs copy it: `Jane Doe <jane@acme.com>`, `"Doe, Jane" <jane@acme.com>`. */
const NAMED_ADDRESS = /^(.*?)\s*<\s*([^<>\s]+@[^<>\s]+)\s*>$/;

/** The display name's first and last name: "Doe, Jane" is last name first; else the first word is the first name. */
function nameParts(name: string): { firstName?: string; lastName?: string } {
  const clean = name.replace(/^["']|["']$/g, "").trim();
  if (!clean) return {};
  const [last, first] = clean.includes(",") ? clean.split(",", 2).map((part) => part.trim()) : [];
  if (first && last) return { firstName: first, lastName: last };
  const [firstName, ...rest] = clean.split(/\s+/);
  return rest.length ? { firstName, lastName: rest.join(" ") } : { firstName };
}

export function parsePastedLeads(text: string): PastedLine[] {
  const seen = new Map<string, number>();
  const lines: PastedLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    // Spreadsheet cells paste with tabs and quotes; a trailing comma or semicolon is a separator.
    const cell = raw.trim().replace(/[,;\t]+$/, "");
    const named = NAMED_ADDRESS.exec(cell);
    const value = named ? cell : cell.replace(/^["']|["']$/g, "").trim();
    if (!value) return;
    const line = index + 1;
    const looksLikeProfile = !named && PROFILE.test(value);
    const candidate = named
      ? { email: named[2]!, ...nameParts(named[1]!) }
      : looksLikeProfile
        ? { profileUrl: /^https?:\/\//i.test(value) ? value : `https://${value.replace(/^\/+/, "")}` }
        : { email: value };
    const parsed = ZLeadInput.safeParse(candidate);
    if (!parsed.success) {
      const reason = looksLikeProfile
        ? (parsed.error.issues[0]?.message ?? "not a LinkedIn profile URL")
        : value.includes("@")
          ? "not a valid e-mail address"
          : "neither a LinkedIn profile URL (linkedin.com/in/…) nor an e-mail address";
      lines.push({ line, text: value, kind: "unrecognized", reason });
      return;
    }
    const key = keyOf(parsed.data);
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, line);
    lines.push({ line, text: value, kind: looksLikeProfile ? "profile" : "email", lead: parsed.data, duplicateOfLine: earlier ?? null });
  });
  return lines;
}

/** The leads to send: recognized lines, each person once. */
export function leadsToAdd(lines: PastedLine[]): Array<{ line: number; lead: TLeadInput }> {
  return lines.flatMap((line) => (line.kind !== "unrecognized" && line.duplicateOfLine === null ? [{ line: line.line, lead: line.lead }] : []));
}
