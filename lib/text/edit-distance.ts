/**
 * The number of one-letter edits (insert, delete, replace, or swap two neighbours) that turn `a` into `b`:
 * the optimal string alignment distance. A swap counts once because typing two letters in the wrong order is
 * one slip, not two.
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    beforePrevious = previous;
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether `a` and `b` differ by exactly one edit as editDistance counts them (insert, delete, replace, or swap
 * two neighbours), in one pass and without allocating: the quick test for many candidates.
 */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const differA = endA - start;
  const differB = endB - start;
  if (differA <= 1 && differB <= 1) return true;
  return differA === 2 && differB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
