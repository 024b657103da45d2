/**
 * `npx tsx scripts/search.ts`: what MCP's search makes of a query, for tuning its ranking without reading tests.
 *
 * Usage:
 *   npx tsx scripts/search.ts "query"             the first ten results
 *   npx tsx scripts/search.ts --corpus [file]     accuracy on a labelled corpus (default tests/fixtures/search-queries.json)
 *   npx tsx scripts/search.ts --tuning [file]     the tuning half only, for use while tuning
 */
import { siteDocumentLibrary } from '../lib/discovery/mcp/documents';
import { measureSearchAccuracy, readQueryCorpus } from '../lib/discovery/mcp/search/accuracy';

const DEFAULT_CORPUS = 'tests/fixtures/search-queries.json';
const library = siteDocumentLibrary('https://consultant.example');

const corpusFlag = ['--corpus', '--tuning'].find((flag) => process.argv.includes(flag));
if (corpusFlag) {
  const file = process.argv[process.argv.indexOf(corpusFlag) + 1] ?? DEFAULT_CORPUS;
  const queries = readQueryCorpus(file);
  // Held-out accuracy is measured once per change, at its end; seen after every try, it would steer the tuning too.
  const splits = corpusFlag === '--tuning' ? (['tuning'] as const) : (['tuning', 'held-out', 'held-out-2'] as const);
  for (const split of splits) {
    const result = measureSearchAccuracy(
      library,
      queries.filter((query) => query.split === split),
    );
    console.log(
      `${split}: ${result.accepted}/${result.count} first (${result.accuracy.toFixed(3)}); ` +
        `a hub first for a query about one page: ${result.hubFirst}`,
    );
    // Held-out misses are not printed: those sets measure, and reading their failures would be tuning to them.
    if (split === 'tuning') {
      for (const { query, first } of result.misses)
        console.log(`  miss ${query.id}: ${first ?? '(nothing)'} (accept ${query.accept.join(', ')}): ${query.query}`);
    }
  }
} else {
  const query = process.argv[2];
  if (query === undefined) {
    console.error('usage: npx tsx scripts/search.ts "query"   (or --corpus [file], --tuning [file])');
    process.exit(1);
  }
  library.search(query, 10).forEach((document, index) => console.log(`${index + 1}. ${document.id}`));
}
