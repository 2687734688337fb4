// What an erasure removed, in words, for the API's answer and the dashboard's notice. Pure.
import type { TErasePersonResult } from "../../schemas/privacy";

type Counts = TErasePersonResult["removed"];

const WORDS: Array<[keyof Counts, string, string]> = [
  ["leads", "lead", "leads"],
  ["campaignParticipations", "campaign participation", "campaign participations"],
  ["emailMessages", "e-mail message", "e-mail messages"],
  ["linkedinMessages", "LinkedIn message", "LinkedIn messages"],
  ["conversations", "conversation", "conversations"],
  ["senderActions", "LinkedIn action", "LinkedIn actions"],
  ["addressVerifications", "address check", "address checks"],
  ["deadAddresses", "bounce record", "bounce records"],
  ["events", "event or webhook delivery", "events and webhook deliveries"],
  ["companyDatabasePeople", "company database entry", "company database entries"],
  ["files", "stored file", "stored files"],
];

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export function erasureSummary(found: boolean, removed: Counts): string {
  const kept = "the person is kept off future imports by a hashed entry on the do-not-contact list.";
  if (!found) return `Herald held nothing about this person; ${kept}`;
  const parts = WORDS.filter(([key]) => removed[key] > 0).map(([key, one, many]) => `${removed[key]} ${removed[key] === 1 ? one : many}`);
  return `Removed ${list(parts)}; ${kept}`;
}
