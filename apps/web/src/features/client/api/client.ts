import { FUNCTION_TYPE_APP } from '@cloudphone/contracts/client-functions';
import * as client from '@cloudphone/contracts/endpoints/merchant/client';
import * as clientFunction from '@cloudphone/contracts/endpoints/merchant/client-function';
import { call } from '../../../lib/api-client';

/** A nonzero code is shown by the request layer: the server message, or "system exception" (spec §8). */
export const getClientSecureData = (clientNo: string) => call(client.getClientSecureData, { query: { clientNo } });

/** Duplicates are allowed for this call (spec §7). */
export const getAboutApp = (clientNo: string) =>
  call(client.getAboutApp, { query: { clientNo }, allowDuplicate: true });

export const getFunctionList = () => call(clientFunction.list, { query: { functionType: FUNCTION_TYPE_APP } });
