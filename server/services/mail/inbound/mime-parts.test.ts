import { describe, expect, it } from "vitest";
import { parseFieldGroups, parseHeaderFields, parseMime, readableText, returnedMessageId } from "./mime-parts";

const CRLF = "\r\n";

describe("parseMime", () => {
  it("decodes 8-bit UTF-8, quoted-printable and base64 bodies by their charset", () => {
    const raw = [
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Zoë à Noël",
      "--b",
      "Content-Type: text/plain; charset=iso-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Gr=FC=DFe, a long line=",
      " continued",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("¿Qué tal?").toString("base64"),
      "--b--",
    ].join(CRLF);
    expect(parseMime(raw).parts.map((part) => part.body.trim())).toEqual(["Zoë à Noël", "Grüße, a long line continued", "¿Qué tal?"]);
  });

  it("reads an unknown charset as UTF-8 when it is, byte by byte otherwise", () => {
    const utf8 = parseMime(`Content-Type: text/plain; charset=x-martian${CRLF}${CRLF}Zoë`);
    expect(utf8.body).toBe("Zoë");
    const bytes = parseMime(`Content-Type: text/plain; charset=x-martian${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}Zo=EB`);
    expect(bytes.body).toBe("Zoë");
  });

  it("keeps the parts of a multipart that never closes, and finds a boundary its folded header lost", () => {
    const unclosed = parseMime(['Content-Type: multipart/alternative; boundary="b"', "", "--b", "Content-Type: text/plain", "", "Yes", "--b", "Content-Type: text/html", "", "<p>Yes</p>"].join(CRLF));
    expect(unclosed.parts.map((part) => [part.contentType, part.body])).toEqual([
      ["text/plain", "Yes"],
      ["text/html", "<p>Yes</p>"],
    ]);
    const folded = parseMime(["Content-Type: multipart/alternative;", 'boundary="lost"', "", "--lost", "Content-Type: text/plain", "", "Found", "--lost--"].join(CRLF));
    expect(readableText(folded)).toBe("Found");
  });

  it("reads the message a report returns, attached whole or as its headers", () => {
    const whole = parseMime(['Content-Type: multipart/report; boundary="b"', "", "--b", "Content-Type: message/rfc822", "", "Message-ID: <one@x.example>", "", "Hi", "--b--"].join(CRLF));
    expect(returnedMessageId(whole)).toBe("<one@x.example>");
    const headers = parseMime(['Content-Type: multipart/report; boundary="b"', "", "--b", "Content-Type: text/rfc822-headers", "", "Message-Id:", " <two@x.example>", "--b--"].join(CRLF));
    expect(returnedMessageId(headers)).toBe("<two@x.example>");
  });

  it("never throws on garbage", () => {
    for (const raw of ["", "\u0000\u0001", "Content-Type: multipart/mixed; boundary=", "a".repeat(3_000_000), 'Content-Type: multipart/mixed; boundary="x"\r\n\r\n' + "--x\r\n".repeat(500)]) {
      expect(() => parseMime(raw)).not.toThrow();
    }
  });
});

describe("header fields", () => {
  it("unfolds continuation lines and keeps the first of a repeated field", () => {
    expect(parseHeaderFields("Diagnostic-Code: smtp; 550 5.1.1\n    User unknown\nStatus: 5.1.1\nStatus: 4.0.0\nnot a field")).toEqual({ "diagnostic-code": "smtp; 550 5.1.1 User unknown", status: "5.1.1" });
  });

  it("splits a delivery-status part into its per-message and per-recipient groups", () => {
    expect(parseFieldGroups("Reporting-MTA: dns; mx\r\n\r\nFinal-Recipient: rfc822; a@x\r\nAction: failed\r\n\r\nFinal-Recipient: rfc822; b@x\r\nAction: delayed\r\n")).toEqual([
      { "reporting-mta": "dns; mx" },
      { "final-recipient": "rfc822; a@x", action: "failed" },
      { "final-recipient": "rfc822; b@x", action: "delayed" },
    ]);
  });
});
