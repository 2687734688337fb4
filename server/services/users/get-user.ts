import { db } from "../../db/client";

export async function getUser(userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true } });
}
