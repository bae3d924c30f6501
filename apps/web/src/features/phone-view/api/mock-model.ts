import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import * as phoneMockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import { call } from '../../../lib/api-client';

/** The handset a phone passes for now. */
export const getCurrentModelQueryOptions = (userPhoneId: number) =>
  queryOptions({
    queryKey: ['phone-mock-model', 'current', userPhoneId],
    queryFn: () => call(phoneMockModel.current, { query: { userPhoneId } }),
  });

export const useCurrentModel = (userPhoneId: number) => useQuery(getCurrentModelQueryOptions(userPhoneId));

// The catalogue of handsets changes only with a deployment.
export const useManufacturers = () =>
  useQuery({
    queryKey: ['phone-mock-model', 'manufacturers'],
    queryFn: () => call(phoneMockModel.listManufacturer),
    staleTime: Infinity,
  });

export const useModels = (manufacturer: string | null) =>
  useQuery({
    queryKey: ['phone-mock-model', 'models', manufacturer],
    queryFn: manufacturer === null ? skipToken : () => call(phoneMockModel.list, { query: { manufacturer } }),
    staleTime: Infinity,
  });

/** Passes the phone off as another handset; it restarts, its apps and files stay. */
export const mockPhoneModel = (body: { userPhoneId: number; manufacturer: string; model: string }) =>
  call(phoneMockModel.mock, { body, silent: true });
