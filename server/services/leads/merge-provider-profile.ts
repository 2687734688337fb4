// The one rule for what a provider's profile may write onto a lead: the values the user gave (CSV,
// API, dashboard) win. The provider fills only what is empty, and keeps refreshing only the fields
// it filled itself, while they still hold what it wrote. What the provider said is always kept
// aside (`providerProfile`) so the lead page can show both. Used by the executor, direct actions
// and the search import alike.

export const PROFILE_FIELDS = ["firstName", "lastName", "headline", "jobTitle", "company", "location", "picture"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string | null>;

export interface ProviderProfileRecord {
  values: Partial<ProfileValues>;
  /** The fields whose lead value came from the provider. */
  filled: ProfileField[];
  readAt: string;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

function isField(value: unknown): value is ProfileField {
  return typeof value === "string" && (PROFILE_FIELDS as readonly string[]).includes(value);
}

/** Reads the stored `providerProfile` column; anything malformed counts as never read. */
export function readProviderProfile(json: unknown): ProviderProfileRecord | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const record = json as { values?: unknown; filled?: unknown; readAt?: unknown };
  const values: Partial<ProfileValues> = {};
  if (record.values && typeof record.values === "object") {
    for (const [key, value] of Object.entries(record.values)) {
      if (isField(key) && (typeof value === "string" || value === null)) values[key] = value;
    }
  }
  const filled = Array.isArray(record.filled) ? record.filled.filter(isField) : [];
  return { values, filled, readAt: typeof record.readAt === "string" ? record.readAt : "" };
}

/** Whether the lead's value of a field is the provider's (filled by it and unchanged since). */
export function providerOwns(lead: Partial<ProfileValues> & { providerProfile?: unknown }, field: ProfileField): boolean {
  const record = readProviderProfile(lead.providerProfile);
  if (!record?.filled.includes(field)) return false;
  return (lead[field] ?? null) === (record.values[field] ?? null);
}

/**
 * The lead's profile fields after reading the provider's profile, and the record to store.
 * `lead` is null for a person not yet a lead: every field comes from the provider then.
 */
export function mergeProviderProfile(
  lead: (Partial<ProfileValues> & { providerProfile?: unknown }) | null,
  profile: Partial<ProfileValues>,
  at: Date,
): { fields: ProfileValues; providerProfile: ProviderProfileRecord } {
  const fields = {} as ProfileValues;
  const filled: ProfileField[] = [];
  const values: Partial<ProfileValues> = {};
  for (const field of PROFILE_FIELDS) {
    const theirs = blank(profile[field]) ? null : profile[field]!;
    values[field] = theirs;
    const ours = lead?.[field] ?? null;
    const mayWrite = !lead || blank(ours) || providerOwns(lead, field);
    if (mayWrite && theirs !== null) {
      fields[field] = theirs;
      filled.push(field);
    } else {
      fields[field] = blank(ours) ? null : ours;
    }
  }
  return { fields, providerProfile: { values, filled, readAt: at.toISOString() } };
}

/**
 * The fields a user's input may set on an existing lead: blank ones, and ones the provider filled
 * (the user's word replaces the provider's). Returns the record with the taken-over fields no
 * longer marked as the provider's.
 */
export function fieldsUserMaySet(lead: Partial<ProfileValues> & { providerProfile?: unknown }, input: Partial<Record<ProfileField, string | undefined>>) {
  const set: Partial<ProfileValues> = {};
  for (const field of PROFILE_FIELDS) {
    const given = input[field];
    if (blank(given)) continue;
    if (blank(lead[field]) || (providerOwns(lead, field) && lead[field] !== given)) set[field] = given!;
  }
  const record = readProviderProfile(lead.providerProfile);
  const providerProfile = record && Object.keys(set).length ? { ...record, filled: record.filled.filter((field) => !(field in set)) } : undefined;
  return { set, providerProfile };
}

/** One profile field as the lead page shows it: the value in use, whose it is, and what the provider says when that differs. */
export interface ProfileFieldView {
  field: ProfileField;
  value: string | null;
  /** "you": given by the user (CSV, API, dashboard); "provider": filled from the profile. */
  from: "you" | "provider" | null;
  providerValue: string | null;
}

export function profileFieldViews(lead: Partial<ProfileValues> & { providerProfile?: unknown }): ProfileFieldView[] {
  const record = readProviderProfile(lead.providerProfile);
  return PROFILE_FIELDS.map((field) => {
    const value = lead[field] ?? null;
    const providerValue = record?.values[field] ?? null;
    const from = blank(value) ? null : providerOwns(lead, field) ? "provider" : "you";
    return { field, value, from, providerValue: providerValue !== value ? providerValue : null };
  });
}
