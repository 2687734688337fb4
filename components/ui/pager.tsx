import { Button } from "./button";

/** The "21–40 of 130" line under a paged table, with buttons to the pages on either side. */
export function Pager({
  offset,
  pageSize,
  shown,
  total,
  onOffsetChange,
  labels = ["Newer", "Older"],
}: {
  offset: number;
  pageSize: number;
  /** How many rows the current page holds. */
  shown: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** Button labels: towards offset 0, and away from it. */
  labels?: [string, string];
}) {
  return (
    <div className="mt-3 flex items-center justify-between text-xs text-slate-500">
      <span>
        {total === 0 ? "0" : `${offset + 1}–${offset + shown}`} of {total}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
          {labels[0]}
        </Button>
        <Button variant="secondary" size="sm" disabled={offset + pageSize >= total} onClick={() => onOffsetChange(offset + pageSize)}>
          {labels[1]}
        </Button>
      </div>
    </div>
  );
}
