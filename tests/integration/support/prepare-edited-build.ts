/**
 * `npm test` runs this after its build: the integration tests' second build, made from Next's build cache
 * (edited-build.ts). Should it fail, the run goes on, and the files that need that build fail with its error.
 */
import { prepareEditedBuild } from './edited-build';

const started = performance.now();
const error = await prepareEditedBuild();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(error ? `The edited build failed after ${seconds} s:\n${error}` : `Edited build ready in ${seconds} s.`);
