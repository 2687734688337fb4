/** Every IANA time zone the browser knows, UTC first, with `current` kept even if it is not listed. */
export function allTimeZones(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", ...(current ? [current] : []), ...known])];
}

/**
 * The zones whose name matches every word of the search ("new york", "paris", "america/los"),
 * ignoring case and underscores; `selected` always stays, so the select never loses its value.
 */
export function filterTimeZones(zones: readonly string[], search: string, selected: string): string[] {
  const words = search.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (!words.length) return [...zones];
  const matches = zones.filter((zone) => {
    const name = zone.toLowerCase().replaceAll("_", " ");
    return words.every((word) => name.includes(word));
  });
  return matches.includes(selected) ? matches : [selected, ...matches];
}
