import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementType } from '@cloudphone/contracts/client';
import type { AgreementContent } from '@cloudphone/contracts/content';
import { request } from '../../../lib/request';

export const getAgreementQueryOptions = (type: AgreementType, clientNo: string) =>
  queryOptions({
    queryKey: ['agreement', clientNo, type],
    queryFn: () =>
      request<AgreementContent>('/api/cms/agreement/get-content', {
        query: { type, clientNo: clientNo || undefined },
        silent: true,
      }),
    staleTime: 10 * 60_000,
  });

export const useAgreement = (type: AgreementType, clientNo: string) =>
  useQuery(getAgreementQueryOptions(type, clientNo));
