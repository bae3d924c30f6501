import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';

const ENDPOINTS_DIR = fileURLToPath(new URL('../../../../packages/contracts/src/endpoints/', import.meta.url));

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'reply' in value;

/** Every entry of every catalogue file (one file per URL folder, in a folder per domain). */
export async function catalogueEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(ENDPOINTS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('/'));
  const endpoints: Endpoint[] = [];
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    const exported = Object.values((await import(pathToFileURL(join(ENDPOINTS_DIR, file)).href)) as object);
    endpoints.push(...exported.filter(isEndpoint));
  }
  return endpoints;
}
