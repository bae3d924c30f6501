import { useQuery } from '@tanstack/react-query';
import type { ClientConfigKey } from '@cloudphone/contracts/config-keys';
import * as infraConfig from '@cloudphone/contracts/endpoints/infra/config';
import { call } from './api-client';

/** The values of `keys` as text (a key never set answers its default; empty means not configured). */
export const getClientConfig = (keys: ClientConfigKey[]) =>
  call(infraConfig.getConfig, { body: { keys }, silent: true });

/** Client settings for a page (versions, download link), read once per visit. */
export const useClientConfig = (keys: ClientConfigKey[]) =>
  useQuery({ queryKey: ['client-config', ...keys], queryFn: () => getClientConfig(keys), staleTime: Infinity });
