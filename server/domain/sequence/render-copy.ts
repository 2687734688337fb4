// Merge placeholders: {{firstName}}, {{lastName}}, {{company}}, {{headline}}, {{jobTitle}},
// {{location}}, {{email}} and any custom variable. When a placeholder has no value and the step has
// fallback copy, the whole fallback is used instead (so no message says "Hi ,").

export interface MergeFields {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  headline?: string | null;
  jobTitle?: string | null;
  location?: string | null;
  email?: string | null;
  [custom: string]: string | null | undefined;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

function fill(template: string, fields: MergeFields): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = fields[name];
    if (value === undefined || value === null || value.trim() === "") {
      missing.push(name);
      return "";
    }
    return value.trim();
  });
  return { text: text.replace(/[ \t]{2,}/g, " ").replace(/ ([,.!?])/g, "$1").trim(), missing };
}

/** The copy to send: the template filled in, or the fallback when a placeholder has no value. */
export function renderCopy(template: string | undefined, fallback: string | undefined, fields: MergeFields): { text: string; usedFallback: boolean; missing: string[] } {
  const primary = fill(template ?? "", fields);
  if (primary.missing.length && fallback?.trim()) {
    const backup = fill(fallback, fields);
    return { text: backup.text, usedFallback: true, missing: primary.missing };
  }
  return { text: primary.text, usedFallback: false, missing: primary.missing };
}
