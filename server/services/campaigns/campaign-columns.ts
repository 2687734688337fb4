// The Json columns of Campaign, read and written in one place: `sequence` (the wired tree),
// `schedule`, `unsubscribe` and `tracking`. Rows were validated by the API's schemas when written;
// reading parses them again with zod instead of trusting a cast.
import { z } from "zod";
import { jsonColumnReader, toJsonColumn, type JsonObject } from "../../lib/json-column";
import { ZWiredSequence, type WiredSequence } from "../../schemas/sequence";
import { DEFAULT_CAMPAIGN_APPROVALS, ZCampaignApprovals, type TCampaignApprovals } from "../../schemas/approvals";
import type { Schedule } from "../../domain/sequence/schedule";

const ZStoredSchedule = z.object({
  startDate: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
  timezone: z.string(),
  activeHours: z.object({ from: z.string(), to: z.string() }),
  activeDays: z.array(z.number()),
}) satisfies z.ZodType<Schedule>;

const ZStoredUnsubscribe = z.object({ enabled: z.boolean(), text: z.string() });
const ZStoredTracking = z.object({ opens: z.enum(["off", "on"]), clicks: z.enum(["off", "on"]) });

export const readSequence = jsonColumnReader(ZWiredSequence, "campaign sequence");
export const readSchedule = jsonColumnReader(ZStoredSchedule, "campaign schedule");
export const readUnsubscribe = jsonColumnReader(ZStoredUnsubscribe, "campaign unsubscribe settings");
export const readTracking = jsonColumnReader(ZStoredTracking, "campaign tracking settings");
/** Rows from before approvals existed, or written partly, read with the defaults filled in. */
export const readApprovals = (value: unknown): TCampaignApprovals => jsonColumnReader(ZCampaignApprovals, "campaign approval settings")({ ...DEFAULT_CAMPAIGN_APPROVALS, ...(value as object) });

export function sequenceColumn(sequence: WiredSequence): JsonObject {
  return toJsonColumn(sequence);
}

export function scheduleColumn(schedule: Schedule): JsonObject {
  return toJsonColumn(schedule);
}

type StoredUnsubscribe = z.infer<typeof ZStoredUnsubscribe>;
type StoredTracking = z.infer<typeof ZStoredTracking>;

/** Only the fields a change names: a PATCH of one field keeps the other's value. */
function given<T extends object>(change: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(change ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function mergeUnsubscribe(current: StoredUnsubscribe, change: Partial<StoredUnsubscribe> | undefined): StoredUnsubscribe {
  return { ...current, ...given(change) };
}

export function mergeTracking(current: StoredTracking, change: Partial<StoredTracking> | undefined): StoredTracking {
  return { ...current, ...given(change) };
}

export function mergeApprovals(current: TCampaignApprovals, change: Partial<TCampaignApprovals> | undefined): TCampaignApprovals {
  return { ...current, ...given(change) };
}
