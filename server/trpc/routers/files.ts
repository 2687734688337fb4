import { ZFileIdParams, ZUploadFileInput } from "../../schemas/files";
import { getFile } from "../../services/files/get-file";
import { uploadFile } from "../../services/files/upload-file";
import { router, workspaceProcedure } from "../init";

export const filesRouter = router({
  /** Keeps a recording or an attachment for a sequence step to name by fileId (as POST /files). */
  upload: workspaceProcedure.input(ZUploadFileInput).mutation(({ ctx, input }) => uploadFile(ctx.actor, input)),
  /** One of the workspace's files with a fresh signed address (as GET /files/{id}). */
  get: workspaceProcedure.input(ZFileIdParams).query(({ ctx, input }) => getFile(ctx.actor, input.id)),
});
