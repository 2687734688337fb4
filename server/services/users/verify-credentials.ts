import { db } from "../../db/client";
import { verifyPassword } from "../../lib/crypto";
import { ZSignInInput } from "../../schemas/account-user";

export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
}

/** The user for an e-mail and password, or null. Same answer and similar time for unknown e-mails. */
export async function verifyCredentials(input: unknown): Promise<SignedInUser | null> {
  const parsed = ZSignInInput.safeParse(input);
  if (!parsed.success) return null;
  const user = await db.user.findUnique({ where: { email: parsed.data.email } });
  // Hash against a fixed dummy when the user is unknown so timing does not reveal which e-mails exist.
  const stored = user?.passwordHash ?? DUMMY_HASH;
  const valid = await verifyPassword(parsed.data.password, stored);
  if (!user || !user.passwordHash || !valid) return null;
  return { id: user.id, email: user.email, name: user.name };
}

const DUMMY_HASH =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
