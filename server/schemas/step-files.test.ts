// A step's voice and attachments come from a URL or an uploaded file: exactly one of the two, with
// the problem named on the field to fix.
import { describe, expect, it } from "vitest";
import { ZAttachment, ZVoice } from "./sequence";
import { isUploadableType, ZUploadFileInput } from "./files";

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.success ? [] : result.error!.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

describe("ZVoice and ZAttachment", () => {
  it("take a URL or a fileId", () => {
    expect(ZVoice.parse({ url: "https://example.com/a.m4a" })).toEqual({ url: "https://example.com/a.m4a" });
    expect(ZVoice.parse({ fileId: "fil_1", mimeType: "audio/webm", durationMs: 4200 })).toEqual({ fileId: "fil_1", mimeType: "audio/webm", durationMs: 4200 });
    expect(ZAttachment.parse({ name: "Deck", fileId: "fil_2" })).toEqual({ name: "Deck", fileId: "fil_2" });
  });

  it("refuse both, naming fileId, and neither, naming url", () => {
    expect(issues(ZVoice.safeParse({ url: "https://example.com/a.m4a", fileId: "fil_1" }))).toEqual([{ field: "fileId", message: "give either url or fileId, not both" }]);
    expect(issues(ZVoice.safeParse({ mimeType: "audio/wav" }))).toEqual([{ field: "url", message: "is required, or fileId (an uploaded file)" }]);
    expect(issues(ZAttachment.safeParse({ name: "Deck" }))).toEqual([{ field: "url", message: "is required, or fileId (an uploaded file)" }]);
  });

  it("still refuse a URL that is not http(s), and an empty fileId", () => {
    expect(issues(ZVoice.safeParse({ url: "ftp://example.com/a.m4a" }))[0]!.field).toBe("url");
    expect(issues(ZAttachment.safeParse({ name: "Deck", fileId: " " }))[0]!.field).toBe("fileId");
  });
});

describe("uploads", () => {
  it("take the usual audio and attachment types, not programs, video, pages or lists of types", () => {
    for (const type of ["audio/webm", "audio/webm;codecs=opus", "audio/mpeg", "audio/wav", "image/png", "application/pdf", "text/csv"]) expect(isUploadableType(type), type).toBe(true);
    for (const type of ["video/mp4", "application/x-msdownload", "text/html", "audio/", "application/zip", "text/plain;,text/html", "audio/x-unknown", "image/svg+xml"]) {
      expect(isUploadableType(type), type).toBe(false);
    }
  });

  it("measure the 10 MB on the decoded bytes", () => {
    const justUnder = Buffer.alloc(10 * 1024 * 1024).toString("base64");
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1).toString("base64");
    expect(ZUploadFileInput.safeParse({ name: "a.wav", mimeType: "audio/wav", content: justUnder }).success).toBe(true);
    expect(issues(ZUploadFileInput.safeParse({ name: "a.wav", mimeType: "audio/wav", content: justOver }))).toEqual([{ field: "content", message: "must be at most 10 MB once decoded" }]);
  });
});
