import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';
import type * as codes from '@cloudphone/contracts/endpoints/admin/codes';
import { useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { codesCsv } from '../lib/codes-csv';

export type AdminCode = ReplyOf<typeof codes.search>['list'][number];

/**
 * What the codes section says of a code, in the console's language: its package's name (from the
 * catalogue), usage and status — the same words in the table and in the CSV.
 */
export function useCodeWords() {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const grades = useQuery({ queryKey: ['console', 'grades'], queryFn: () => call(catalogue.grades) });
  const packages = (grades.data ?? []).flatMap((grade) =>
    grade.packages.map((pkg) => ({ ...pkg, label: `${localized(grade.name)} · ${localized(pkg.name)}` })),
  );
  const packageName = (packageId: number) => packages.find((p) => p.packageId === packageId)?.label ?? `#${packageId}`;
  const describe = (code: Pick<AdminCode, 'packageId' | 'usage' | 'status'>) => ({
    packageName: packageName(code.packageId),
    usage: t(`catalogue.usages.${code.usage}`),
    status: t(`codes.states.${code.status}`),
  });
  return {
    packages,
    describe,
    csv: (list: Parameters<typeof codesCsv>[1]) => codesCsv(t('codes.csvHeader'), list, describe, formatDateTime),
  };
}
