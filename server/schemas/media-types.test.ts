// A stored media type is one canonical type of an allow-list, never the text a caller sent: lists
// such as "text/plain;,text/html" (browsers take the last type), parameters, CR/LF and other
// control characters are refused, and a remote server's answer is read the same strict way.
import { describe, expect, it } from "vitest";
import { ZAttachment, ZVoice } from "./sequence";
import { ZUploadVoiceRecordingInput } from "./approvals";
import { ZUploadFileInput } from "./files";
import { AUDIO_MIME_TYPES, canonicalMediaType, mediaTypeOfAnswer, parseMediaType, UPLOAD_MIME_TYPES } from "./media-types";

const HOSTILE = [
  "text/plain;,text/html",
  "image/png;,image/svg+xml",
  "text/plain, text/html",
  "text/plain;charset=utf-8",
  "audio/webm;codecs=opus;x=1",
  "audio/webm;codecs=opus,text/html",
  "audio/webm\r\nContent-Type: text/html",
  "audio/webm\r\n",
  "audio/webm\n",
  "\taudio/webm",
  "audio/webm\u0000",
  "audio/wébm",
  "text/html",
  "image/svg+xml",
  "application/xhtml+xml",
  "application/javascript",
  "application/octet-stream",
  "audio/",
  "/webm",
  "audio",
  "",
];

describe("parseMediaType", () => {
  it("takes each allowed type, in any case, with spaces around, as its canonical lower-case form", () => {
    for (const type of UPLOAD_MIME_TYPES) expect(canonicalMediaType(type, UPLOAD_MIME_TYPES), type).toBe(type);
    expect(canonicalMediaType("  Image/PNG ", UPLOAD_MIME_TYPES)).toBe("image/png");
    expect(canonicalMediaType("AUDIO/WAV", AUDIO_MIME_TYPES)).toBe("audio/wav");
  });

  it("keeps an alias under the usual name, and drops only a recorder's codecs parameter on audio", () => {
    expect(canonicalMediaType("audio/x-wav", AUDIO_MIME_TYPES)).toBe("audio/wav");
    expect(canonicalMediaType("audio/mp3", AUDIO_MIME_TYPES)).toBe("audio/mpeg");
    expect(canonicalMediaType("audio/x-m4a", AUDIO_MIME_TYPES)).toBe("audio/mp4");
    expect(canonicalMediaType("image/jpg", UPLOAD_MIME_TYPES)).toBe("image/jpeg");
    expect(canonicalMediaType("audio/webm;codecs=opus", AUDIO_MIME_TYPES)).toBe("audio/webm");
    expect(canonicalMediaType('audio/webm; codecs="opus"', AUDIO_MIME_TYPES)).toBe("audio/webm");
    expect(canonicalMediaType("audio/mp4;codecs=mp4a.40.2", AUDIO_MIME_TYPES)).toBe("audio/mp4");
    expect(canonicalMediaType("text/plain;codecs=opus", UPLOAD_MIME_TYPES)).toBeNull();
  });

  it("refuses lists, other parameters, control characters, CR/LF and types off the list, saying why", () => {
    for (const value of HOSTILE) expect(canonicalMediaType(value, UPLOAD_MIME_TYPES), JSON.stringify(value)).toBeNull();
    expect(parseMediaType("text/plain;,text/html", UPLOAD_MIME_TYPES, "a type")).toEqual({ ok: false, message: "must be a single type without parameters or lists; send a type" });
    expect(parseMediaType("audio/webm\r\nX: 1", UPLOAD_MIME_TYPES, "a type")).toEqual({ ok: false, message: "must not contain control or non-ASCII characters; send a type" });
    expect(parseMediaType("text/html", UPLOAD_MIME_TYPES, "a type")).toEqual({ ok: false, message: "is not a type Herald takes here; send a type" });
    // A voice must be audio, even of a type an attachment may have.
    expect(canonicalMediaType("application/pdf", AUDIO_MIME_TYPES)).toBeNull();
  });

  it("reads a remote server's answer by its first type, never taking a list's last or an unknown type", () => {
    expect(mediaTypeOfAnswer("audio/mpeg; charset=binary", AUDIO_MIME_TYPES)).toBe("audio/mpeg");
    expect(mediaTypeOfAnswer("text/plain;,text/html", UPLOAD_MIME_TYPES)).toBe("text/plain");
    expect(mediaTypeOfAnswer("text/html, audio/mpeg", UPLOAD_MIME_TYPES)).toBeNull();
    expect(mediaTypeOfAnswer("image/svg+xml", UPLOAD_MIME_TYPES)).toBeNull();
    expect(mediaTypeOfAnswer(null, UPLOAD_MIME_TYPES)).toBeNull();
  });
});

describe("the schemas that take a type", () => {
  const content = Buffer.from("RIFF").toString("base64");
  const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.success ? [] : result.error!.issues.map((issue) => issue.path.join("."));

  it("answer the canonical type, so that what is stored is never what was sent", () => {
    expect(ZUploadFileInput.parse({ name: "a.webm", mimeType: "Audio/WebM;codecs=opus", content }).mimeType).toBe("audio/webm");
    expect(ZUploadVoiceRecordingInput.parse({ audio: content, mimeType: "audio/webm;codecs=opus" }).mimeType).toBe("audio/webm");
    expect(ZVoice.parse({ fileId: "fil_1", mimeType: "audio/x-wav" }).mimeType).toBe("audio/wav");
    expect(ZAttachment.parse({ name: "Deck", fileId: "fil_2", mimeType: "application/PDF" }).mimeType).toBe("application/pdf");
  });

  it("refuse a hostile type naming mimeType", () => {
    for (const mimeType of ["text/plain;,text/html", "image/png;,image/svg+xml", "audio/webm\r\nX: 1", "text/html"]) {
      expect(issues(ZUploadFileInput.safeParse({ name: "a", mimeType, content })), mimeType).toEqual(["mimeType"]);
      expect(issues(ZUploadVoiceRecordingInput.safeParse({ audio: content, mimeType })), mimeType).toEqual(["mimeType"]);
      expect(issues(ZVoice.safeParse({ fileId: "fil_1", mimeType })), mimeType).toEqual(["mimeType"]);
      expect(issues(ZAttachment.safeParse({ name: "Deck", fileId: "fil_2", mimeType })), mimeType).toEqual(["mimeType"]);
    }
    expect(issues(ZVoice.safeParse({ fileId: "fil_1", mimeType: "image/png" }))).toEqual(["mimeType"]);
  });
});
