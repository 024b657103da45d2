/** What `npm run bench`, `npm run lighthouse` and `npm run agent-readability` share as command-line programs. */

/** `--name=value` and `--flag` (as "true") arguments. */
export function cliOptions(argv = process.argv.slice(2)): Map<string, string> {
  return new Map(argv.map((arg) => [arg.replace(/^--/, '').split('=')[0] ?? '', arg.split('=')[1] ?? 'true']));
}

/** Runs `main` and exits with its code: 0 met, 1 missed; 2 when it could not measure (the message is printed). */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
