// The HERALD_SEED_INBOXES setting: the installation's seed inboxes (real mailboxes at the big
// providers, read over IMAP) as a JSON array. Only zod here: server/env.ts validates with it at start.
import { z } from "zod";

const ZSeedImap = z.object({
  host: z.string({ message: "imap.host is required" }).trim().min(1, "imap.host is required"),
  port: z.number({ message: "imap.port must be a number" }).int().min(1).max(65535, "imap.port must be a port number (1 to 65535)"),
  security: z.enum(["tls", "starttls", "none"], { message: "imap.security must be tls, starttls or none" }),
  username: z.string().trim().min(1).optional(),
  password: z.string({ message: "imap.password is required" }).min(1, "imap.password is required"),
});

export const ZSeedInboxSetting = z.object({
  address: z.email({ message: "address must be an e-mail address" }).transform((value) => value.toLowerCase()),
  label: z.string().trim().min(1).optional(),
  imap: ZSeedImap,
});
export type TSeedInboxSetting = z.infer<typeof ZSeedInboxSetting>;

const EXAMPLE = `[{"address":"seed@gmail.com","label":"Gmail","imap":{"host":"imap.gmail.com","port":993,"security":"tls","password":"app password"}}]`;

/** Parses the setting's JSON; the message of each problem names the seed by its position. */
export function parseSeedInboxes(value: string): { seeds: TSeedInboxSetting[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { error: `must be a JSON array of seed inboxes, e.g. ${EXAMPLE}` };
  }
  if (!Array.isArray(json)) return { error: `must be a JSON array of seed inboxes, e.g. ${EXAMPLE}` };
  const seeds: TSeedInboxSetting[] = [];
  for (const [index, entry] of json.entries()) {
    const parsed = ZSeedInboxSetting.safeParse(entry);
    if (!parsed.success) return { error: `seed ${index + 1}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}` };
    seeds.push(parsed.data);
  }
  return { seeds };
}
