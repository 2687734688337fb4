import { z } from "zod";
import { ZEmail } from "./account-user";

export const ZInstanceAdmin = z.object({ id: z.string(), name: z.string().nullable(), email: z.string() });
export type TInstanceAdmin = z.infer<typeof ZInstanceAdmin>;

export const ZAddInstanceAdminInput = z.object({ email: ZEmail });
export const ZRemoveInstanceAdminInput = z.object({ userId: z.string().trim().min(1, "is required").max(64) });

/** A workspace as an instance administrator sees it: to grant it credits. */
export interface TInstanceWorkspace {
  id: string;
  name: string;
  aiCreditBalance: number;
  owners: string[];
}
