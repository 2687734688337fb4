// The first e-mail's notice line (docs/privacy.md): a campaign may append a line naming where the
// person's data came from, e.g. "You're receiving this because your work address is listed in
// {{dataSource}}.", to the first e-mail a lead gets from it only. Any placeholder of the copy may be
// used; {{dataSource}} reads "a CSV file (leads.csv)", "LinkedIn search", "our company database"….
// Pure: the executor decides whether an e-mail is the lead's first, this renders the line.
import { escapeHtml } from "../mail/email-content";
import { fillTemplate, type MergeFields } from "../sequence/render-copy";

export { SOURCE_NOTICE_MAX_LENGTH, SOURCE_NOTICE_SUGGESTION } from "../../schemas/privacy";

export interface NoticeParts {
  text: string;
  html: string;
}

/** The notice line for one lead, or null when the campaign has none (or it renders empty). */
export function sourceNoticeParts(template: string | null, fields: MergeFields): NoticeParts | null {
  if (!template?.trim()) return null;
  const line = fillTemplate(template.trim(), fields).text.replace(/\s+/g, " ").trim();
  if (!line) return null;
  return { text: line, html: `<p style="color:#6b7280;font-size:12px">${escapeHtml(line)}</p>` };
}
