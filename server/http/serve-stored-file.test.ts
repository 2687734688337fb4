// Which bytes a Range header asks for (RFC 9110 §14): one range served, anything else the whole file.
import { describe, expect, it } from "vitest";
import { contentHeaders, parseByteRange } from "./serve-stored-file";

describe("parseByteRange", () => {
  it("reads a closed, an open and a suffix range, clamped to the file", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange("BYTES=1-1", 1000)).toEqual({ start: 1, end: 1 });
  });

  it("sends the whole file for no header, several ranges, other units or nonsense", () => {
    for (const header of [null, "", "bytes=0-1,5-6", "items=0-1", "bytes=-", "bytes=abc", "bytes=5-2"]) expect(parseByteRange(header, 1000), String(header)).toBeNull();
  });

  it("calls a range past the end (or an empty suffix) unsatisfiable", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-10", 0)).toBe("unsatisfiable");
  });
});

describe("contentHeaders", () => {
  it("shows audio and raster images in place, under their canonical type", () => {
    for (const type of ["audio/mpeg", "audio/wav", "image/png", "image/jpeg", "image/gif", "image/webp"]) expect(contentHeaders(type), type).toEqual({ "content-type": type });
    // A type stored before types were made canonical is served canonical, not as stored.
    expect(contentHeaders("audio/webm;codecs=opus")).toEqual({ "content-type": "audio/webm" });
    expect(contentHeaders("Audio/X-WAV")).toEqual({ "content-type": "audio/wav" });
  });

  it("hands documents over as downloads under their own type", () => {
    for (const type of ["application/pdf", "text/plain", "text/csv", "application/msword"]) expect(contentHeaders(type), type).toEqual({ "content-type": type, "content-disposition": "attachment" });
  });

  it("hands anything else over as a download of plain bytes, whatever was stored, so HTML or SVG never renders", () => {
    const hostile = [
      "text/html",
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/xhtml+xml",
      "application/javascript",
      "audio/mpeg, text/html",
      "text/plain;,text/html",
      "image/png;,image/svg+xml",
      "audio/webm\r\nContent-Type: text/html",
      "",
    ];
    for (const type of hostile) {
      expect(contentHeaders(type), JSON.stringify(type)).toEqual({ "content-type": "application/octet-stream", "content-disposition": "attachment" });
    }
  });
});
