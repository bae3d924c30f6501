import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MockModel } from '@cloudphone/contracts/phones';
import { request } from '../../../lib/request';

const MOCK_MODEL = '/api/device/phone-mock-model';

/** The handset a phone passes for now. */
export const getCurrentModelQueryOptions = (userPhoneId: number) =>
  queryOptions({
    queryKey: ['phone-mock-model', 'current', userPhoneId],
    queryFn: () => request<MockModel>(`${MOCK_MODEL}/current`, { query: { userPhoneId } }),
  });

export const useCurrentModel = (userPhoneId: number) => useQuery(getCurrentModelQueryOptions(userPhoneId));

// The catalogue of handsets changes only with a deployment.
export const useManufacturers = () =>
  useQuery({
    queryKey: ['phone-mock-model', 'manufacturers'],
    queryFn: () => request<string[]>(`${MOCK_MODEL}/list-manufacturer`),
    staleTime: Infinity,
  });

export const useModels = (manufacturer: string | null) =>
  useQuery({
    queryKey: ['phone-mock-model', 'models', manufacturer],
    queryFn: () => request<MockModel[]>(`${MOCK_MODEL}/list`, { query: { manufacturer } }),
    enabled: manufacturer !== null,
    staleTime: Infinity,
  });

/** Passes the phone off as another handset; it restarts, its apps and files stay. */
export const mockPhoneModel = (body: { userPhoneId: number; manufacturer: string; model: string }) =>
  request<{ taskId: string }>(`${MOCK_MODEL}/mock`, { method: 'POST', body, silent: true });
