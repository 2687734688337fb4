import { Button } from "@/components/ui/button";

/** "1–50 of 120" with Previous and Next, for offset-paged lists. */
export function Pagination({
  offset,
  limit,
  total,
  noun,
  hasNext,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  noun: string;
  /** For lists paged by cursor: whether the list gave a next page (the total may have moved since). */
  hasNext?: boolean;
  onChange: (offset: number) => void;
}) {
  if (total <= limit && offset === 0 && !hasNext) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
      <p aria-live="polite">
        {total ? `${offset + 1}–${last}` : "0"} of {total} {noun}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={hasNext === undefined ? last >= total : !hasNext} onClick={() => onChange(offset + limit)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
