"use client";
// Files Herald attaches, at most five: each a name and an http(s) URL Herald fetches when it sends,
// or a file uploaded here (kept by Herald and named by fileId).
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { TVariantContent } from "@/server/schemas/sequence";
import { ATTACHMENT_MIME_TYPES } from "@/server/schemas/files";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { StepIssue } from "./issues";

type Attachment = NonNullable<TVariantContent["attachments"]>[number];
const MAX_ATTACHMENTS = 5;

export function AttachmentsField({
  id,
  attachments,
  issues,
  onChange,
}: {
  id: string;
  attachments: readonly Attachment[];
  /** Issues of this variant's attachments (`…attachments` and `…attachments.<n>.<field>`). */
  issues: readonly StepIssue[];
  onChange(attachments: Attachment[]): void;
}) {
  const problem = (index: number, field: "name" | "url") =>
    issues
      .filter((issue) => issue.field.endsWith(`attachments.${index}.${field}`))
      .map((issue) => issue.message)
      .join("; ") || null;
  const general = issues.filter((issue) => issue.field.endsWith("attachments"));
  const change = (index: number, patch: Partial<Attachment>) => onChange(attachments.map((item, position) => (position === index ? { ...item, ...patch } : item)));
  const trpc = useTRPC();
  const upload = useMutation(trpc.files.upload.mutationOptions());
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function attach(file: File) {
    setUploadProblem(null);
    if (file.size > 10 * 1024 * 1024) {
      setUploadProblem("The file is larger than 10 MB.");
      return;
    }
    try {
      const content = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
        reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
        reader.readAsDataURL(file);
      });
      const stored = await upload.mutateAsync({ name: file.name, mimeType: file.type || "application/octet-stream", content });
      onChange([...attachments, { name: stored.name, fileId: stored.id, mimeType: stored.mimeType }]);
    } catch (error) {
      setUploadProblem(errorMessage(error) ?? "The file could not be uploaded");
    }
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Attachments (optional)</legend>
      {attachments.length === 0 && <p className="text-xs text-slate-500">No attachments. Upload a file, or give a URL Herald fetches when it sends.</p>}
      {attachments.map((attachment, index) => {
        const nameError = problem(index, "name");
        const urlError = problem(index, "url");
        return (
          <div key={index} className="space-y-1 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="attachment-row">
            <div className="flex gap-2">
              <Input
                aria-label={`Attachment ${index + 1} name`}
                placeholder="Name, e.g. Case study.pdf"
                value={attachment.name}
                aria-invalid={nameError ? true : undefined}
                onChange={(event) => change(index, { name: event.target.value })}
              />
              <Button variant="ghost" size="sm" aria-label={`Remove attachment ${index + 1}`} onClick={() => onChange(attachments.filter((_item, position) => position !== index))}>
                Remove
              </Button>
            </div>
            {attachment.fileId ? (
              <p className="text-xs text-slate-600">Uploaded file{attachment.mimeType ? ` (${attachment.mimeType})` : ""}</p>
            ) : (
              <Input
                id={`${id}-${index}-url`}
                aria-label={`Attachment ${index + 1} URL`}
                type="url"
                placeholder="https://…"
                value={attachment.url ?? ""}
                aria-invalid={urlError ? true : undefined}
                onChange={(event) => change(index, { url: event.target.value })}
              />
            )}
            {(nameError || urlError) && (
              <p className="text-xs text-red-600" role="alert">
                {[nameError && `Name ${nameError}`, urlError && `URL ${urlError}`].filter(Boolean).join("; ")}
              </p>
            )}
          </div>
        );
      })}
      {general.map((issue) => (
        <p key={issue.field + issue.message} className="text-xs text-red-600" role="alert">
          {issue.message}
        </p>
      ))}
      {attachments.length < MAX_ATTACHMENTS && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => onChange([...attachments, { name: "", url: "" }])}>
            Add attachment
          </Button>
          <Button variant="secondary" size="sm" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? "Uploading…" : "Upload a file"}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={ATTACHMENT_MIME_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label="File to attach"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void attach(file);
            }}
          />
        </div>
      )}
      {uploadProblem && (
        <p className="text-xs text-red-600" role="alert">
          {uploadProblem}
        </p>
      )}
    </fieldset>
  );
}
