/** The measurable results of a piece of work, set large because they are what a reader came for. */
export function ResultsList({ results, compact = false }: { results: readonly string[]; compact?: boolean }) {
  return (
    <ul role="list" className={compact ? 'results results--compact' : 'results'}>
      {results.map((result) => (
        <li key={result}>{result}</li>
      ))}
    </ul>
  );
}
