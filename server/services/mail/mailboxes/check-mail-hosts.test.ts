// The check a password mailbox's hosts pass before Herald contacts them: names are judged by every
// address DNS gives them (one private address is enough to refuse), literals without DNS, and a name
// that does not resolve is left to the connection check, which says so in its own words.
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { HeraldError } from "../../../lib/errors";
import type { MailboxServerSettings } from "../../../providers/mail/types";
import { checkMailHosts } from "./check-mail-hosts";

const DNS: Record<string, LookupAddress[]> = {
  "smtp.example.com": [{ address: "93.184.216.34", family: 4 }],
  "imap.example.com": [{ address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 }],
  "intranet.example.com": [
    { address: "93.184.216.35", family: 4 },
    { address: "10.1.2.3", family: 4 },
  ],
  "metadata.example.com": [{ address: "169.254.169.254", family: 4 }],
};

const asked: string[] = [];
function resolve(hostname: string, _options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) {
  asked.push(hostname);
  const found = DNS[hostname];
  if (found) callback(null, found);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
}

const settings = (smtp: string, imap: string): MailboxServerSettings => ({
  smtp: { host: smtp, port: 465, security: "tls", username: "jane@example.com" },
  imap: { host: imap, port: 993, security: "tls", username: "jane@example.com" },
});

async function refusal(promise: Promise<void>): Promise<HeraldError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HeraldError);
  return error as HeraldError;
}

afterEach(() => {
  delete process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS;
  resetEnv();
  asked.length = 0;
});

describe("checkMailHosts", () => {
  it("refuses a name with any private address, naming the field and the address", async () => {
    process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = "0";
    resetEnv();
    const error = await refusal(checkMailHosts(settings("smtp.example.com", "intranet.example.com"), resolve));
    expect(error.status).toBe(400);
    expect(error.details).toEqual({
      field: "imap.host",
      fields: [{ field: "imap.host", message: "must be a mail server at a public address: intranet.example.com resolves to 10.1.2.3, which is not a public address (private)" }],
    });
    const metadata = await refusal(checkMailHosts(settings("metadata.example.com", "imap.example.com"), resolve));
    expect(metadata.message).toMatch(/^Invalid smtp\.host: .*169\.254\.169\.254, which is not a public address \(link-local\)/);
  });

  it("lets public names and literals through, and leaves a name that does not resolve to the connection check", async () => {
    process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = "0";
    resetEnv();
    await expect(checkMailHosts(settings("smtp.example.com", "imap.example.com"), resolve)).resolves.toBeUndefined();
    await expect(checkMailHosts(settings("93.184.216.34", "nowhere.example.com"), resolve)).resolves.toBeUndefined();
    expect(asked).toEqual(["smtp.example.com", "imap.example.com", "nowhere.example.com"]);
  });

  it("asks nothing where the installation allows private mail hosts", async () => {
    process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = "1";
    resetEnv();
    await expect(checkMailHosts(settings("127.0.0.1", "intranet.example.com"), resolve)).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("refuses a host with a port or other extras as a typo, whatever the installation allows, without blaming the address rule", async () => {
    for (const allowed of ["0", "1"]) {
      process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = allowed;
      resetEnv();
      const error = await refusal(checkMailHosts(settings("smtp.example.com:587", "imap.example.com"), resolve));
      expect(error.details).toEqual({
        field: "smtp.host",
        fields: [{ field: "smtp.host", message: 'must be a host name or IP address alone, such as smtp.example.com (the port goes in smtp.port); "smtp.example.com:587" is not' }],
      });
      expect(error.message).not.toContain("HERALD_ALLOW_PRIVATE_MAIL_HOSTS");
    }
  });
});
