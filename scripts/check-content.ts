/**
 * `npm run check`: validates every file under content/ in about a second, without building the site.
 * Prints one line per problem (file, field, what was expected) and exits 1 when there is any.
 * Usage: npm run check [-- --dir path/to/content]
 */
import { ContentError, contentDirectory, formatProblem, loadContent } from '../lib/content/index';

const flag = process.argv.indexOf('--dir');
const dir = flag >= 0 && process.argv[flag + 1] ? process.argv[flag + 1] : contentDirectory();

try {
  const content = loadContent(dir);
  console.log(
    `content OK: bio, site, ${content.engagements.length} engagements, ${content.caseStudies.length} case studies`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`content has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:`);
  for (const problem of error.problems) console.error(formatProblem(problem));
  process.exit(1);
}
