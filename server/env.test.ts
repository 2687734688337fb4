import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("environment", () => {
  it("applies defaults for the embedded setup", () => {
    const env = parseEnv({ NODE_ENV: "production" });
    expect(env).toMatchObject({ PORT: 3000, HERALD_DATA_DIR: ".data", HERALD_API_RATE_LIMIT_PER_MINUTE: 600 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("explains every invalid variable", () => {
    let error: unknown;
    try {
      parseEnv({ DATABASE_URL: "mysql://x", PORT: "eighty", AUTH_SECRET: "short" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/DATABASE_URL: must be a PostgreSQL connection string/);
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/AUTH_SECRET: must be at least 32 characters/);
  });

  it("reads HERALD_TRUST_PROXY as a number of proxies, off by default", () => {
    expect(parseEnv({}).HERALD_TRUST_PROXY).toBe(0);
    expect(parseEnv({ HERALD_TRUST_PROXY: "false" }).HERALD_TRUST_PROXY).toBe(0);
    expect(parseEnv({ HERALD_TRUST_PROXY: "true" }).HERALD_TRUST_PROXY).toBe(1);
    expect(parseEnv({ HERALD_TRUST_PROXY: "2" }).HERALD_TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ HERALD_TRUST_PROXY: "nginx" })).toThrow(/HERALD_TRUST_PROXY: must be true, false, or how many proxies/);
  });

  it("takes a system mailbox only as a server and a sender together", () => {
    expect(parseEnv({ HERALD_SYSTEM_SMTP_SERVER: "smtp.example.com:587:starttls", HERALD_SYSTEM_MAIL_FROM: "Herald <herald@example.com>" }).HERALD_SYSTEM_SMTP_SERVER).toEqual({
      host: "smtp.example.com",
      port: 587,
      security: "starttls",
    });
    expect(() => parseEnv({ HERALD_SYSTEM_SMTP_SERVER: "smtp.example.com:587:starttls" })).toThrow(/HERALD_SYSTEM_MAIL_FROM: is required with HERALD_SYSTEM_SMTP_SERVER/);
    expect(() => parseEnv({ HERALD_SYSTEM_MAIL_FROM: "herald@example.com" })).toThrow(/HERALD_SYSTEM_SMTP_SERVER: is required with HERALD_SYSTEM_MAIL_FROM/);
    expect(() => parseEnv({ HERALD_SYSTEM_SMTP_SERVER: "smtp.example.com", HERALD_SYSTEM_MAIL_FROM: "x@example.com" })).toThrow(/HERALD_SYSTEM_SMTP_SERVER: must be host:port:security/);
  });

  it("defaults to the sandbox network and offline reply classification", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ HERALD_LINKEDIN_PROVIDER: "sandbox", HERALD_AI_PROVIDER: "offline", HERALD_AI_MODEL: "gpt-4o-mini" });
    expect(env.HERALD_SANDBOX_DIRECTORY_SIZE).toBeUndefined();
  });

  it("names what a chosen provider is missing", () => {
    expect(() => parseEnv({ HERALD_LINKEDIN_PROVIDER: "unipile", UNIPILE_DSN: "api1.unipile.com:13111" })).toThrow(
      /UNIPILE_API_KEY: is required when HERALD_LINKEDIN_PROVIDER=unipile/,
    );
    expect(() => parseEnv({ HERALD_LINKEDIN_PROVIDER: "phantom" })).toThrow(/HERALD_LINKEDIN_PROVIDER: must be sandbox or unipile/);
    expect(() => parseEnv({ HERALD_AI_PROVIDER: "openai" })).toThrow(/HERALD_AI_BASE_URL: is required when HERALD_AI_PROVIDER=openai/);
    expect(() => parseEnv({ HERALD_SANDBOX_DIRECTORY_SIZE: "0" })).toThrow(/HERALD_SANDBOX_DIRECTORY_SIZE: must be a whole number/);
    const unipile = parseEnv({ HERALD_LINKEDIN_PROVIDER: "unipile", UNIPILE_DSN: "api1.unipile.com:13111", UNIPILE_API_KEY: "k" });
    expect(unipile).toMatchObject({ HERALD_LINKEDIN_PROVIDER: "unipile", UNIPILE_DSN: "api1.unipile.com:13111" });
  });

  it("reads the mailbox pause thresholds as percentages, 5% bounces and 0.5% complaints by default", () => {
    expect(parseEnv({})).toMatchObject({ HERALD_MAILBOX_MAX_BOUNCE_RATE: 5, HERALD_MAILBOX_MAX_COMPLAINT_RATE: 0.5 });
    expect(parseEnv({ HERALD_MAILBOX_MAX_BOUNCE_RATE: "2.5%", HERALD_MAILBOX_MAX_COMPLAINT_RATE: "0.3" })).toMatchObject({
      HERALD_MAILBOX_MAX_BOUNCE_RATE: 2.5,
      HERALD_MAILBOX_MAX_COMPLAINT_RATE: 0.3,
    });
    expect(() => parseEnv({ HERALD_MAILBOX_MAX_BOUNCE_RATE: "five" })).toThrow(/HERALD_MAILBOX_MAX_BOUNCE_RATE: must be a percentage from 0 to 100/);
    expect(() => parseEnv({ HERALD_MAILBOX_MAX_COMPLAINT_RATE: "150" })).toThrow(/HERALD_MAILBOX_MAX_COMPLAINT_RATE: must be a percentage/);
  });
  it("reads HERALD_SEED_INBOXES as a list of seed inboxes, naming the seed and field at fault", () => {
    expect(parseEnv({}).HERALD_SEED_INBOXES).toEqual([]);
    const seed = { address: "Seed@Gmail.com", label: "Gmail", imap: { host: "imap.gmail.com", port: 993, security: "tls", password: "app" } };
    expect(parseEnv({ HERALD_SEED_INBOXES: JSON.stringify([seed]) }).HERALD_SEED_INBOXES).toEqual([{ ...seed, address: "seed@gmail.com" }]);
    expect(() => parseEnv({ HERALD_SEED_INBOXES: "seed@gmail.com" })).toThrow(/HERALD_SEED_INBOXES: must be a JSON array of seed inboxes, e\.g\./);
    expect(() => parseEnv({ HERALD_SEED_INBOXES: JSON.stringify([seed, { ...seed, imap: { ...seed.imap, security: "ssl" } }]) })).toThrow(/seed 2: imap.security must be tls, starttls or none/);
  });
});
