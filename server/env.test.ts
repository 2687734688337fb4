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
});
