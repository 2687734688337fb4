// GET|POST /api/auth/* – Auth.js sign-in, sign-out and session endpoints
import { handlers } from "@/server/auth/auth";

export const { GET, POST } = handlers;
