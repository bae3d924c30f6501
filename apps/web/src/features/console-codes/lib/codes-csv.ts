import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import type * as codes from '@cloudphone/contracts/endpoints/admin/codes';

type ExportedCode = ReplyOf<typeof codes.exportBatch>['list'][number];

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A batch as CSV, one code a line under the header the console's language gives: what a merchant
 * hands to a reseller or imports into a spreadsheet (a byte-order mark, so Excel reads Chinese right).
 */
export function codesCsv(
  header: string,
  list: readonly ExportedCode[],
  describe: (code: ExportedCode) => { packageName: string; usage: string; status: string },
  time: (epochMs: number) => string,
): string {
  const lines = list.map((code) => {
    const { packageName, usage, status } = describe(code);
    return [
      code.code,
      code.batchNo,
      packageName,
      usage,
      status,
      time(code.validUntil),
      code.usedAt ? time(code.usedAt) : '',
    ]
      .map(field)
      .join(',');
  });
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}

/** Hands a text to the browser as a file to save. */
export function download(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
