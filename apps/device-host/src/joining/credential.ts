import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Who a joined host is (issue 32): the server it joined, its id there, and its own key. */
export const joinedCredentialSchema = z.object({
  serverUrl: z.string(),
  hostId: z.number().int(),
  name: z.string(),
  key: z.string().min(32),
});
export type JoinedCredential = z.infer<typeof joinedCredentialSchema>;

const fileOf = (dataDir: string) => join(dataDir, 'host-credential.json');

/** The credential kept in the host's data folder, so a restart needs no new token. */
export function readCredential(dataDir: string): JoinedCredential | undefined {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return undefined;
  return joinedCredentialSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Kept readable by this user only: the key signs everything the server and the host say to each other. */
export function saveCredential(dataDir: string, credential: JoinedCredential): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(fileOf(dataDir), JSON.stringify(credential, null, 2), { mode: 0o600 });
}
