// The media types Herald keeps and serves, and the one parser every stored type goes through.
// A stored type used to be echoed back as the file's Content-Type, and browsers read a value such
// as "text/plain;,text/html" as its last type: a file then ran as a page of Herald's own origin.
// So a type is stored only as one canonical `type/subtype` of these lists, never as given, and
// serving derives its headers from the lists again (server/http/serve-stored-file.ts).
import { z } from "zod";

/** Audio Herald takes for voice notes (what recorders, speech services and LinkedIn use). */
export const AUDIO_MIME_TYPES = ["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg", "audio/wav", "audio/aac", "audio/flac"] as const;

/** Images a browser only ever renders as a picture (never SVG: it can carry script). */
export const RASTER_IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Attachments LinkedIn takes besides audio: images, PDF and office documents, plain text. */
export const ATTACHMENT_MIME_TYPES = [
  ...RASTER_IMAGE_MIME_TYPES,
  "application/pdf",
  "text/plain",
  "text/csv",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;

/** Every type an upload may have: a voice note's audio or an attachment. */
export const UPLOAD_MIME_TYPES: readonly string[] = [...AUDIO_MIME_TYPES, ...ATTACHMENT_MIME_TYPES];

/** Other names in use for the same types, kept under the one name above. */
const ALIASES: Record<string, string> = {
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/mp3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/mpeg3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-aac": "audio/aac",
  "audio/x-flac": "audio/flac",
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
};

const TOKEN = "[a-z0-9][a-z0-9!#$&^_.+-]{0,126}";
const BARE_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})$`, "i");
/**
 * The one parameter a browser's recorder adds to its audio type (MediaRecorder's "audio/webm;codecs=opus"):
 * accepted on audio and dropped, since it says nothing Herald keeps. Any other parameter is refused.
 */
const CODECS = /^codecs=("[a-z0-9.]+(, ?[a-z0-9.]+)*"|[a-z0-9.]+)$/i;

export type ParsedMediaType = { ok: true; type: string } | { ok: false; message: string };

/**
 * The canonical form of `value` if it is exactly one type of `allowed` (lower case, an alias under
 * its usual name, an audio type's `codecs` parameter dropped), else why not, in words for a field
 * message. Control characters (CR/LF included), lists, other parameters and unknown types are refused.
 */
export function parseMediaType(value: string, allowed: readonly string[], what: string): ParsedMediaType {
  const refused = (reason: string): ParsedMediaType => ({ ok: false, message: `${reason}; send ${what}` });
  // Only plain spaces around it are forgiven: a CR, LF or other control character is never trimmed away.
  const text = value.replace(/^ +| +$/g, "");
  if (/[\u0000-\u001f\u007f-\uffff]/.test(text)) return refused("must not contain control or non-ASCII characters");
  const [bare, ...parameters] = text.split(";").map((part) => part.trim());
  const match = BARE_TYPE.exec(bare ?? "");
  if (!match) return refused("must be one media type written as type/subtype");
  const lowered = `${match[1]}/${match[2]}`.toLowerCase();
  const type = ALIASES[lowered] ?? lowered;
  if (parameters.length) {
    const onlyCodecs = type.startsWith("audio/") && parameters.length === 1 && CODECS.test(parameters[0]!);
    if (!onlyCodecs) return refused("must be a single type without parameters or lists");
  }
  if (!allowed.includes(type)) return refused("is not a type Herald takes here");
  return { ok: true, type };
}

/** The canonical type of `value` among `allowed`, or null. */
export function canonicalMediaType(value: string | null | undefined, allowed: readonly string[]): string | null {
  if (typeof value !== "string") return null;
  const parsed = parseMediaType(value, allowed, "");
  return parsed.ok ? parsed.type : null;
}

/**
 * The type of a remote server's Content-Type answer (a fetched voice note or attachment, a speech
 * service's audio): its first type read strictly, any parameter dropped, or null when it is not one
 * of `allowed`. A server's answer is not refused like a person's input, it is only never trusted.
 */
export function mediaTypeOfAnswer(header: string | null | undefined, allowed: readonly string[]): string | null {
  if (typeof header !== "string") return null;
  return canonicalMediaType(header.split(";")[0]!, allowed);
}

export const UPLOAD_TYPES_IN_WORDS =
  "one of audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav, audio/aac or audio/flac for a voice note; image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain, text/csv or an office document (Word, Excel, PowerPoint) for an attachment";
export const AUDIO_TYPES_IN_WORDS = "one of audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav, audio/aac or audio/flac";

/**
 * A `mimeType` field: one type of `allowed`, answered in its canonical form (so that what is stored
 * is never what was sent), or a 400 naming the field with why.
 */
export function zMediaType(allowed: readonly string[], inWords: string) {
  return z
    .string()
    .max(200, "must be at most 200 characters")
    .transform((value, context) => {
      const parsed = parseMediaType(value, allowed, inWords);
      if (parsed.ok) return parsed.type;
      context.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    })
    // Piped into a plain string so that the OpenAPI document can describe it as output too (a
    // campaign's sequence shows each step's `voice.mimeType`).
    .pipe(z.string());
}
