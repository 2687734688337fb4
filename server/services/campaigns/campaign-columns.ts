// The Json columns of Campaign, read and written in one place: `sequence` (the wired tree),
// `schedule`, `unsubscribe` and `tracking`. Rows were validated by the API's schemas when written;
// reading parses them again with zod instead of trusting a cast.
import { z } from "zod";
import { jsonColumnReader, toJsonColumn, type JsonObject } from "../../lib/json-column";
import { ZWiredSequence, type WiredSequence } from "../../schemas/sequence";
import { AUDIO_MIME_TYPES, canonicalMediaType, UPLOAD_MIME_TYPES } from "../../schemas/media-types";
import type { Prisma } from "../../db/client";
import { DEFAULT_CAMPAIGN_APPROVALS, ZCampaignApprovals, type TCampaignApprovals } from "../../schemas/approvals";
import type { TCampaignVerification } from "../../schemas/verification";
import { DEFAULT_EXPERIMENT_SETTINGS, ZCampaignExperimentSettings, type TCampaignExperimentSettings } from "../../schemas/campaign-experiments";
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

const readWiredSequence = jsonColumnReader(ZWiredSequence, "campaign sequence");

type JsonRecord = Record<string, unknown>;
const records = (value: unknown): JsonRecord[] => (Array.isArray(value) ? value : [value]).filter((item): item is JsonRecord => !!item && typeof item === "object");

/** Each voice and attachment of a stored step's content (variants and per-sender voices too), where a `mimeType` may sit. */
function fileParts(config: JsonRecord): JsonRecord[] {
  const contents = [config, ...records(config.variants)];
  const voices = [...contents.flatMap((content) => records(content.voice)), ...records(config.voiceAssignments).flatMap((assignment) => records(assignment.voice))];
  return [...voices, ...contents.flatMap((content) => records(content.attachments))];
}

/**
 * The sequence with every `mimeType` the schema no longer takes left out: sequences saved before
 * types were checked may hold any text there ("text/plain;,text/html", CR/LF), and such a campaign
 * must still open and run, with its files' types taken from the upload or the fetched answer.
 */
function withoutUnreadableTypes(value: Prisma.JsonValue): Prisma.JsonValue {
  const copy = structuredClone(value) as { steps?: Array<{ config?: JsonRecord }> } | null;
  for (const step of Array.isArray(copy?.steps) ? copy.steps : []) {
    if (!step?.config || typeof step.config !== "object") continue;
    for (const part of fileParts(step.config)) {
      // An attachment has a name; a voice has none and must be audio.
      const allowed = "name" in part ? UPLOAD_MIME_TYPES : AUDIO_MIME_TYPES;
      if ("mimeType" in part && canonicalMediaType(part.mimeType as string, allowed) === null) delete part.mimeType;
    }
  }
  return copy as Prisma.JsonValue;
}

export function readSequence(value: Prisma.JsonValue): WiredSequence {
  try {
    return readWiredSequence(value);
  } catch (error) {
    // Only a stored sequence that fails to read pays for the copy; one that still fails is reported as it was.
    const cleaned = withoutUnreadableTypes(value);
    try {
      return readWiredSequence(cleaned);
    } catch {
      throw error;
    }
  }
}

export const readSchedule = jsonColumnReader(ZStoredSchedule, "campaign schedule");
export const readUnsubscribe = jsonColumnReader(ZStoredUnsubscribe, "campaign unsubscribe settings");
export const readTracking = jsonColumnReader(ZStoredTracking, "campaign tracking settings");
/** Rows from before approvals existed, or written partly, read with the defaults filled in. */
export const readApprovals = (value: unknown): TCampaignApprovals => jsonColumnReader(ZCampaignApprovals, "campaign approval settings")({ ...DEFAULT_CAMPAIGN_APPROVALS, ...(value as object) });

/** Rows from before experiments existed, or written partly, read with the defaults filled in. */
export const readExperiments = (value: unknown): TCampaignExperimentSettings =>
  jsonColumnReader(ZCampaignExperimentSettings, "campaign experiment settings")({ ...DEFAULT_EXPERIMENT_SETTINGS, ...(value as object) });

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

export function mergeVerification(current: TCampaignVerification, change: Partial<TCampaignVerification> | undefined): TCampaignVerification {
  return { ...current, ...given(change) };
}

export function mergeExperiments(current: TCampaignExperimentSettings, change: Partial<TCampaignExperimentSettings> | undefined): TCampaignExperimentSettings {
  return { ...current, ...given(change) };
}
