import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The foot of a settings card: what is unsaved, the error that is not about one field, and Save. */
export function SaveBar({
  dirty,
  saving,
  saved,
  error,
  label,
  onReset,
}: {
  dirty: boolean;
  saving: boolean;
  saved: boolean;
  error: string | null;
  label: string;
  onReset: () => void;
}) {
  return (
    <div className="mt-5 space-y-3 border-t border-slate-100 pt-4">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex items-center justify-end gap-3">
        <span role="status" className="text-xs text-slate-500">
          {dirty ? "Unsaved changes" : saved ? "Saved" : ""}
        </span>
        {dirty && (
          <Button variant="ghost" onClick={onReset} disabled={saving}>
            Discard
          </Button>
        )}
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? "Saving…" : label}
        </Button>
      </div>
    </div>
  );
}
