import { queryOptions, useQuery } from '@tanstack/react-query';
import * as customerService from '@cloudphone/contracts/endpoints/merchant/customer-service';
import { ERRORS } from '@cloudphone/contracts/errors';
import { call } from '../../../lib/api-client';
import { RequestError } from '../../../lib/request';

/** The merchant's customer service (QR code, link, working hours), as the admin CLI set it for this client. */
export const getCustomerServiceQueryOptions = () =>
  queryOptions({
    queryKey: ['customer-service'],
    // The page says why it has none: no notification on top.
    queryFn: () => call(customerService.get, { silent: true }),
    retry: false,
  });

export const useCustomerService = () => useQuery(getCustomerServiceQueryOptions());

/** The client has no customer service set: an empty state (its text is the error's), not a failure. */
export const isNoCustomerService = (error: Error | null) =>
  error instanceof RequestError && error.code === ERRORS.noCustomerService.code;
