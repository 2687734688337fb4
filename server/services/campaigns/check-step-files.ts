// Uploaded files named by sequence steps (`voice.fileId`, `attachments.<n>.fileId`) must be the
// workspace's own, and a voice must be audio: checked wherever a sequence or a step's content is saved.
import { db } from "../../db/client";
import { HeraldError, type FieldIssue } from "../../lib/errors";

interface FileSource {
  fileId?: string;
}

interface StepContent {
  voice?: FileSource;
  attachments?: FileSource[];
}

/** Where a step's content names uploaded files, by field name below `prefix`. */
export function namedFiles(prefix: string, content: StepContent & { variants?: StepContent[]; voiceAssignments?: Array<{ voice: FileSource }> }) {
  const named: Array<{ field: string; fileId: string; audio: boolean }> = [];
  const collect = (base: string, part: StepContent) => {
    if (part.voice?.fileId) named.push({ field: `${base}voice.fileId`, fileId: part.voice.fileId, audio: true });
    part.attachments?.forEach((attachment, index) => {
      if (attachment.fileId) named.push({ field: `${base}attachments.${index}.fileId`, fileId: attachment.fileId, audio: false });
    });
  };
  collect(prefix, content);
  content.variants?.forEach((variant, index) => collect(`${prefix}variants.${index}.`, variant));
  content.voiceAssignments?.forEach((assignment, index) => {
    if (assignment.voice.fileId) named.push({ field: `${prefix}voiceAssignments.${index}.voice.fileId`, fileId: assignment.voice.fileId, audio: true });
  });
  return named;
}

/** The issues of files named that are not the workspace's, or not audio where a voice is expected. */
export async function stepFileIssues(workspaceId: string, named: ReturnType<typeof namedFiles>): Promise<FieldIssue[]> {
  if (!named.length) return [];
  const files = await db.storedFile.findMany({
    where: { workspaceId, id: { in: [...new Set(named.map((item) => item.fileId))] } },
    select: { id: true, mimeType: true },
  });
  const mimeType = new Map(files.map((file) => [file.id, file.mimeType]));
  return named.flatMap(({ field, fileId, audio }): FieldIssue[] => {
    const type = mimeType.get(fileId);
    if (type === undefined) return [{ field, message: "names no uploaded file of this workspace" }];
    if (audio && !type.toLowerCase().startsWith("audio/")) return [{ field, message: "must name an audio file" }];
    return [];
  });
}

/** Throws a 400 naming the first field whose file is not the workspace's (or not audio for a voice). */
export async function checkStepFiles(workspaceId: string, named: ReturnType<typeof namedFiles>): Promise<void> {
  const issues = await stepFileIssues(workspaceId, named);
  if (issues.length) throw HeraldError.invalidInput(`Invalid ${issues[0]!.field}: ${issues[0]!.message}`, issues);
}
