"use client";
import { useMemo, useState, type SelectHTMLAttributes } from "react";
import { Input, Select } from "./field";
import { allTimeZones, filterTimeZones } from "./time-zones";

/**
 * A time zone chooser: a search box narrows the IANA zones ("paris", "new york") and the select
 * below holds the choice, so only a real zone can be picked. The select carries `id` and `name`
 * (its label and form value); the search box is labelled on its own.
 */
export function TimeZonePicker({
  value,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & { value: string; onChange: (zone: string) => void }) {
  const [search, setSearch] = useState("");
  const zones = useMemo(() => allTimeZones(value), [value]);
  const shown = useMemo(() => filterTimeZones(zones, search, value), [zones, search, value]);
  return (
    <div className="space-y-1.5">
      <Input
        type="search"
        aria-label="Search time zones"
        placeholder="Search: Paris, New York, Tokyo…"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          const [first, second] = filterTimeZones(zones, event.target.value, value).filter((zone) => zone !== value);
          // One match (besides the current zone): choose it, as a search-and-pick list would.
          if (first && !second && event.target.value.trim()) onChange(first);
        }}
      />
      <Select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
        {shown.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </Select>
    </div>
  );
}
