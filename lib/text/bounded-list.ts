/**
 * Items in one line, joined with "; ": the first `max` of them, then how many more there are
 * ("a; b; c; and 2 more"), so a message stays short however many problems a request has.
 */
export function boundedList(items: readonly string[], max: number): string {
  const more = items.length - max;
  return [...items.slice(0, max), ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}
