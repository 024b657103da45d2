import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/** The references whose examples these are: the API's and the MCP server's. */
const REFERENCES = ['docs/agent-api.md', 'docs/mcp.md'];
/** Every document whose curl examples are run. */
const DOCUMENTS = ['README.md', ...REFERENCES];

/**
 * The documentation's curl examples work as written against the run line's server: every `curl` command in a
 * shell block of DOCUMENTS is run with bash, with only the address http://localhost:3000 swapped for the test
 * server's.
 */
function curlCommands(document: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, document), 'utf8');
  const blocks = [...text.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('curl ') && line.includes('http://localhost:3000'));
}

let smtp: TestSmtpServer;
let app: RunningApp;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(async () => {
  await stopAppWithMail(app, smtp);
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('curl examples of the documentation', () => {
  const commands = DOCUMENTS.flatMap(curlCommands);

  it('finds the examples', () => {
    for (const document of REFERENCES) expect(curlCommands(document).length, document).toBeGreaterThanOrEqual(4);
    expect(commands.length).toBeGreaterThanOrEqual(8);
  });

  it.each(commands.map((command) => [command]))('%s', async (command) => {
    const sent = smtp.received.length;
    // Asynchronous: the SMTP server answering the schedule example lives in this process.
    const { stdout: output } = await promisify(execFile)(
      'bash',
      ['-c', `${command.replaceAll('http://localhost:3000', app.url)} --fail-with-body`],
      {
        cwd: workDir,
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    if (command.includes('-OJ')) {
      const files = fs.readdirSync(workDir).filter((name) => name.endsWith('.vcf'));
      expect(files.length).toBe(1);
      expect(fs.readFileSync(path.join(workDir, files[0] ?? ''), 'utf8')).toMatch(/^BEGIN:VCARD\r\n/);
      return;
    }
    expect(output.length).toBeGreaterThan(20);
    expect(output).not.toMatch(/"error"\s*:\s*\{/);
    if (command.includes('schedule-consultation')) {
      expect(JSON.parse(output).success).toBe(true);
      expect(smtp.received.length).toBe(sent + 1);
    }
  });
});
