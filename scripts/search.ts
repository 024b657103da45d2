/**
 * `npx tsx scripts/search.ts`: what MCP's search makes of a query, for tuning its ranking without reading tests.
 *
 * Usage:
 *   npx tsx scripts/search.ts "query"             the first ten results
 *   npx tsx scripts/search.ts --corpus [file]     accuracy on a labelled corpus (default tests/fixtures/search-queries.json)
 *   npx tsx scripts/search.ts --tuning [file]     the tuning half only, for use while tuning
 *   npx tsx scripts/search.ts --time [file]       mean time per query over every labelled query (search is a hot path)
 */
import { siteDocumentLibrary } from '../lib/discovery/mcp/documents';
import { QUERY_SPLITS, measureSearchAccuracy, readQueryCorpus } from '../lib/discovery/mcp/search/search-accuracy';

const DEFAULT_CORPUS = 'tests/fixtures/search-queries.json';
const library = siteDocumentLibrary('https://consultant.example');

const corpusFlag = ['--corpus', '--tuning', '--time'].find((flag) => process.argv.includes(flag));
if (corpusFlag === '--time') {
  const file = process.argv[process.argv.indexOf(corpusFlag) + 1] ?? DEFAULT_CORPUS;
  const texts = readQueryCorpus(file).map((query) => query.query);
  // A bounded loop, first once to warm the index and the JIT, then timed; enough to compare two versions.
  for (const text of texts) library.search(text, 10);
  const rounds = 50;
  const start = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const text of texts) library.search(text, 10);
  const perQuery = (performance.now() - start) / (rounds * texts.length);
  console.log(`${(perQuery * 1000).toFixed(1)} µs per query (${rounds} rounds of ${texts.length} queries)`);
} else if (corpusFlag) {
  const file = process.argv[process.argv.indexOf(corpusFlag) + 1] ?? DEFAULT_CORPUS;
  const queries = readQueryCorpus(file);
  // Held-out accuracy is measured once per change, at its end; seen after every try, it would steer the tuning too.
  const splits = corpusFlag === '--tuning' ? (['tuning'] as const) : QUERY_SPLITS;
  for (const split of splits) {
    const result = measureSearchAccuracy(
      library,
      queries.filter((query) => query.split === split),
    );
    console.log(
      `${split}: ${result.accepted}/${result.count} first (${result.accuracy.toFixed(3)}); ` +
        `for a query about one page, a hub first: ${result.hubFirst}, a sibling first: ${result.siblingFirst}; ` +
        `about one page ${result.onePage.accepted}/${result.onePage.count}, ` +
        `about the practice ${result.practice.accepted}/${result.practice.count}`,
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
    console.error('usage: npx tsx scripts/search.ts "query"   (or --corpus [file], --tuning [file], --time [file])');
    process.exit(1);
  }
  library.search(query, 10).forEach((document, index) => console.log(`${index + 1}. ${document.id}`));
}
