// The shapes of environment variables that several settings share (env.ts validates them all): a
// boolean flag, a proxy count, a mail server, a percentage, an endpoint URL; each refusal says what to write.
import { z } from "zod";

export const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : ["1", "true", "yes"].includes(value)));

/** How many proxies in front of Herald append to X-Forwarded-For: false/0 (none), true/1, or 2–10. */
export const proxyCount = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value || ["0", "false", "no"].includes(value)) return 0;
    if (["true", "yes"].includes(value)) return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    context.addIssue({ code: "custom", message: "must be true, false, or how many proxies stand in front of Herald (1 to 10)" });
    return z.NEVER;
  });

/** A mail server given as `host:port:security`, e.g. `smtp.gmail.com:465:tls` (security: tls, starttls or none). */
export const mailServer = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const match = /^(.+):(\d{1,5}):(tls|starttls|none)$/.exec(value);
    if (!match || Number(match[2]) > 65535) {
      context.addIssue({ code: "custom", message: "must be host:port:security, e.g. smtp.gmail.com:465:tls (security: tls, starttls or none)" });
      return z.NEVER;
    }
    return { host: match[1]!, port: Number(match[2]), security: match[3] as "tls" | "starttls" | "none" };
  });

/** A percentage from 0 to 100, written with or without its % sign (`5` or `5%`, `0.5`). */
export const percentage = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === "") return undefined;
    const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(value);
    if (!match || Number(match[1]) > 100) {
      context.addIssue({ code: "custom", message: "must be a percentage from 0 to 100, e.g. 5 or 0.5" });
      return z.NEVER;
    }
    return Number(match[1]);
  });

export const endpointUrl = z.url({ message: "must be an absolute URL such as https://oauth2.googleapis.com/token" }).optional();
