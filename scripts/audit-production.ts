/**
 * `npm run audit`: runs `npm audit --omit=dev` (the packages the site runs with) and fails on any high or critical
 * advisory. Exit 0: none; 1: high or critical advisories, listed; 2: the audit could not run
 * (no registry, or an audit endpoint that refuses), which is reported as such and never counted as a pass.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;

const AuditReportSchema = z.object({
  metadata: z.object({ vulnerabilities: z.record(z.string(), z.number()) }),
  vulnerabilities: z
    .record(z.string(), z.object({ severity: z.string(), via: z.array(z.unknown()).optional() }))
    .default({}),
});
const AuditErrorSchema = z.object({
  error: z.object({ summary: z.string().optional(), detail: z.string().optional() }).passthrough(),
});
const FailedRequestSchema = z.object({ message: z.string(), statusCode: z.number().optional() });

export type AuditVerdict = { exitCode: 0 | 1 | 2; message: string };

/** What the JSON of `npm audit --json` means for the build. */
export function judgeAudit(output: string): AuditVerdict {
  let json: unknown;
  try {
    json = JSON.parse(output);
  } catch {
    return {
      exitCode: 2,
      message: `npm audit could not run: it printed no JSON report (${output.trim().slice(0, 200) || 'no output'}).`,
    };
  }
  const report = AuditReportSchema.safeParse(json);
  if (report.success) {
    const counts = report.data.metadata.vulnerabilities;
    const serious = Object.entries(report.data.vulnerabilities).filter(
      ([, entry]) => entry.severity === 'high' || entry.severity === 'critical',
    );
    const summary = SEVERITIES.map((severity) => `${counts[severity] ?? 0} ${severity}`).join(', ');
    if (serious.length === 0 && (counts.high ?? 0) === 0 && (counts.critical ?? 0) === 0) {
      return { exitCode: 0, message: `npm audit --omit=dev: no high or critical advisory (${summary}).` };
    }
    return {
      exitCode: 1,
      message: `npm audit --omit=dev: ${summary}. High or critical: ${serious.map(([name, entry]) => `${name} (${entry.severity})`).join(', ')}.`,
    };
  }
  const failure = AuditErrorSchema.safeParse(json);
  const request = FailedRequestSchema.safeParse(json);
  const why = request.success
    ? request.data.message
    : failure.success
      ? failure.data.error.summary || failure.data.error.detail || 'an error'
      : 'an unexpected report';
  return {
    exitCode: 2,
    message: `npm audit could not run: the registry's audit endpoint answered ${why}. No verdict on advisories.`,
  };
}

function main(): void {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
  const verdict = judgeAudit(run.stdout || run.stderr || '');
  (verdict.exitCode === 0 ? console.log : console.error)(verdict.message);
  process.exit(verdict.exitCode);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
