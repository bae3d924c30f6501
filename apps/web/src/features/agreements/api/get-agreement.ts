import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementType } from '@cloudphone/contracts/client';
import * as agreement from '@cloudphone/contracts/endpoints/cms/agreement';
import { call } from '../../../lib/api-client';

export const getAgreementQueryOptions = (type: AgreementType, clientNo: string) =>
  queryOptions({
    queryKey: ['agreement', clientNo, type],
    queryFn: () =>
      call(agreement.getContent, {
        query: { type, clientNo: clientNo || undefined },
        silent: true,
      }),
    staleTime: 10 * 60_000,
  });

export const useAgreement = (type: AgreementType, clientNo: string) =>
  useQuery(getAgreementQueryOptions(type, clientNo));
