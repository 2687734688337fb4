export interface ImportCompanyDataInput {
  /** The file to read (CSV or JSON Lines in People Data Labs' layout). */
  path: string;
  kind: "companies" | "people";
  /** Default: from the file name (.csv, .jsonl/.json/.ndjson). */
  format?: "csv" | "jsonl";
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  importId: string;
  bytesRead: number;
  fileSize: number;
  lines: number;
  imported: number;
  skipped: number;
  resumedFrom: number;
}

export interface ImportResult extends ImportProgress {
  status: "completed";
  problems: Array<{ line: number; reason: string }>;
}

/** Streams a People Data Labs file into the company database; resumable and idempotent (placeholder). */
export async function importCompanyData(input: ImportCompanyDataInput): Promise<ImportResult> {
  void input;
  throw new Error("importCompanyData is not built yet");
}
