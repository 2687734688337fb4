import * as OTPAuth from "otpauth";
import { now } from "../../lib/clock";

/** The current authenticator code for a base32 setup key (RFC 6238: 6 digits, 30 s, SHA-1). */
export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: now().getTime() });
}
