// The records a sandbox tenant asks its domain to publish, written as Google Workspace and
// Microsoft 365 write theirs, with keys and verification tokens seeded by the domain so a tenant
// asks for the same records on every call and every run.
import { mulberry32, seedFromText } from "../../../lib/seeded-random";
import type { TDnsRecord, TMailPlatform } from "../../../schemas/mailbox-order";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The DER header every 2048-bit RSA public key starts with, and its exponent at the end. */
const RSA_2048_PREFIX = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA";
const RSA_EXPONENT = "IDAQAB";
const RSA_2048_LENGTH = 392;

function seededText(seedText: string, alphabet: string, length: number): string {
  const random = mulberry32(seedFromText(seedText));
  let text = "";
  for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

function googleRecords(domain: string): TDnsRecord[] {
  const key = RSA_2048_PREFIX + seededText(`google-dkim:${domain}`, BASE64, RSA_2048_LENGTH - RSA_2048_PREFIX.length - RSA_EXPONENT.length) + RSA_EXPONENT;
  return [
    { type: "MX", host: "@", value: "smtp.google.com", priority: 1 },
    { type: "TXT", host: "@", value: "v=spf1 include:_spf.google.com ~all", priority: null },
    { type: "TXT", host: "google._domainkey", value: `v=DKIM1; k=rsa; p=${key}`, priority: null },
    { type: "TXT", host: "@", value: `google-site-verification=${seededText(`google-verification:${domain}`, BASE64URL, 43)}`, priority: null },
  ];
}

/** The prefix of the tenant's initial domain (`<prefix>.onmicrosoft.com`), from the domain's first label. */
export function microsoftTenantPrefix(domain: string): string {
  const label = (domain.split(".")[0] ?? "").replace(/[^a-z0-9]/g, "").slice(0, 20) || "tenant";
  return `${label}${seededText(`microsoft-tenant:${domain}`, "0123456789abcdef", 4)}`;
}

function microsoftRecords(domain: string): TDnsRecord[] {
  const dashed = domain.replaceAll(".", "-");
  const prefix = microsoftTenantPrefix(domain);
  return [
    { type: "MX", host: "@", value: `${dashed}.mail.protection.outlook.com`, priority: 0 },
    { type: "TXT", host: "@", value: "v=spf1 include:spf.protection.outlook.com -all", priority: null },
    // DKIM selectors as a new tenant gives them (Defender docs, "Syntax for DKIM CNAME records");
    // older tenants' point into <prefix>.onmicrosoft.com, which is why the Graph platform reads them.
    { type: "CNAME", host: "selector1._domainkey", value: `selector1-${dashed}._domainkey.${prefix}.n-v1.dkim.mail.microsoft`, priority: null },
    { type: "CNAME", host: "selector2._domainkey", value: `selector2-${dashed}._domainkey.${prefix}.n-v2.dkim.mail.microsoft`, priority: null },
    { type: "TXT", host: "@", value: `MS=ms${seededText(`microsoft-verification:${domain}`, "0123456789", 8)}`, priority: null },
  ];
}

export function sandboxTenantRecords(domain: string, platform: TMailPlatform): TDnsRecord[] {
  return platform === "google" ? googleRecords(domain) : microsoftRecords(domain);
}
