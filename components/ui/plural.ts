/**
 * A count with its noun in the right number: "1 event", "2 events", "0 leads". The plural is the
 * singular plus "s" unless given ("1 reply", "3 replies").
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${Math.abs(count) === 1 ? singular : pluralForm}`;
}
