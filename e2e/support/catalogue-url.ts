import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';

/** A catalogue entry's URL with its query: a list goes comma-separated, as the API reads it. */
export function urlOf(baseUrl: string, endpoint: Endpoint, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  const search = params.toString();
  return `${baseUrl}${endpoint.path}${search ? `?${search}` : ''}`;
}
