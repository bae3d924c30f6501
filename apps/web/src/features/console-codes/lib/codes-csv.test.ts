import { describe, expect, it } from 'vitest';
import { codesCsv } from './codes-csv';

const code = (over: Partial<Parameters<typeof codesCsv>[1][number]> = {}) => ({
  code: 'ABCD1234',
  status: 'unused' as const,
  batchNo: 'B1',
  packageId: 1,
  usage: 'both' as const,
  validUntil: 2_000,
  usedBy: null,
  usedAt: null,
  voidedAt: null,
  createdAt: 1_000,
  ...over,
});

describe('a batch as CSV', () => {
  it('writes a header and a line a code, for Excel (a byte-order mark, CRLF) and quoting what needs it', () => {
    const csv = codesCsv(
      'Code,Batch,Package,Usage,Status,Valid until,Used at',
      [code(), code({ code: 'EFGH5678', status: 'used', usedAt: 1_500 })],
      () => ({ packageName: 'Standard, "30 days"', usage: 'Buy', status: 'Unused' }),
      (at) => `t${at}`,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Code,Batch,Package,Usage,Status,Valid until,Used at',
      'ABCD1234,B1,"Standard, ""30 days""",Buy,Unused,t2000,',
      'EFGH5678,B1,"Standard, ""30 days""",Buy,Unused,t2000,t1500',
      '',
    ]);
  });
});
