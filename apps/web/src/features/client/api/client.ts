import type { AboutApp, ClientFunction, ClientSecureData } from '@cloudphone/contracts/client';
import type { ClientConfigKey } from '@cloudphone/contracts/config-keys';
import { FUNCTION_TYPE_APP } from '@cloudphone/contracts/client-functions';
import { request } from '../../../lib/request';

/** A nonzero code is shown by the request layer: the server message, or "system exception" (spec §8). */
export const getClientSecureData = (clientNo: string) =>
  request<ClientSecureData>('/api/merchant/client/get-client-secure-data', { query: { clientNo } });

/** Duplicates are allowed for this call (spec §7). */
export const getAboutApp = (clientNo: string) =>
  request<AboutApp>('/api/merchant/client/get-about-app', { query: { clientNo }, allowDuplicate: true });

export const getFunctionList = () =>
  request<ClientFunction[]>('/api/merchant/client-function/list', { query: { functionType: FUNCTION_TYPE_APP } });

export const getClientConfig = <K extends ClientConfigKey>(keys: K[]) =>
  request<Record<K, string>>('/api/infra/config/get-config', { method: 'POST', body: { keys }, silent: true });
