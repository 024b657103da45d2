import { describe, expect, it } from 'vitest';
import { judgeAudit } from '../../../scripts/audit-production';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

describe('judgeAudit (npm run audit)', () => {
  it('passes with no high or critical advisory, even with lesser ones', () => {
    expect(judgeAudit(report({}))).toEqual({ exitCode: 0, message: expect.stringContaining('no high or critical') });
    expect(judgeAudit(report({ low: 2, moderate: 1 }, { a: { severity: 'low' } })).exitCode).toBe(0);
  });

  it('fails on a high or critical advisory and names the package', () => {
    const verdict = judgeAudit(report({ high: 1 }, { 'some-lib': { severity: 'high' } }));
    expect(verdict.exitCode).toBe(1);
    expect(verdict.message).toContain('some-lib (high)');
    expect(judgeAudit(report({ critical: 1 }, { other: { severity: 'critical' } })).exitCode).toBe(1);
  });

  it('reports an audit that could not run as such, never as a pass', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      error: { summary: '', detail: '' },
    });
    expect(judgeAudit(refused)).toEqual({ exitCode: 2, message: expect.stringContaining('405 Method Not Allowed') });
    expect(judgeAudit('npm error network ENOTFOUND').exitCode).toBe(2);
    expect(judgeAudit('').exitCode).toBe(2);
  });
});
