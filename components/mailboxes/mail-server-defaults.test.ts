import { describe, expect, it } from "vitest";
import { defaultPort, imapHostFor, isDefaultPort, securityForPort } from "./mail-server-defaults";

describe("mail server defaults", () => {
  it("gives each security its usual port, for SMTP and for IMAP", () => {
    expect(defaultPort("smtp", "tls")).toBe(465);
    expect(defaultPort("smtp", "starttls")).toBe(587);
    expect(defaultPort("smtp", "none")).toBe(25);
    expect(defaultPort("imap", "tls")).toBe(993);
    expect(defaultPort("imap", "starttls")).toBe(143);
  });

  it("reads the security from a well-known port and says nothing for others", () => {
    expect(securityForPort("smtp", 465)).toBe("tls");
    expect(securityForPort("smtp", 587)).toBe("starttls");
    expect(securityForPort("smtp", 2525)).toBe("starttls");
    expect(securityForPort("imap", 993)).toBe("tls");
    expect(securityForPort("imap", 143)).toBe("starttls");
    expect(securityForPort("smtp", 993)).toBeNull();
    expect(securityForPort("imap", 1143)).toBeNull();
  });

  it("knows which ports it fills in itself", () => {
    expect(isDefaultPort("smtp", 587)).toBe(true);
    expect(isDefaultPort("smtp", 2525)).toBe(false);
    expect(isDefaultPort("imap", 993)).toBe(true);
  });

  it("guesses the IMAP host from the SMTP host's usual naming only", () => {
    expect(imapHostFor("smtp.example.com")).toBe("imap.example.com");
    expect(imapHostFor(" SMTP.Example.com ")).toBe("imap.example.com");
    expect(imapHostFor("mail.example.com")).toBe("mail.example.com");
    expect(imapHostFor("outbound.example.com")).toBeNull();
  });
});
