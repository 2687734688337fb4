import { db } from "../../db/client";
import { verifyPassword } from "../../lib/crypto";
import type { TSignInInput } from "../../schemas/account-user";

export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
}

/** The user for an e-mail and password, or null. Same answer and similar time for unknown e-mails. */
export async function verifyCredentials(credentials: TSignInInput): Promise<SignedInUser | null> {
  const user = await db.user.findUnique({ where: { email: credentials.email } });
  // Hash against a fixed dummy when the user is unknown so timing does not reveal which e-mails exist.
  const stored = user?.passwordHash ?? DUMMY_HASH;
  const valid = await verifyPassword(credentials.password, stored);
  if (!user || !user.passwordHash || !valid) return null;
  return { id: user.id, email: user.email, name: user.name };
}

const DUMMY_HASH =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
