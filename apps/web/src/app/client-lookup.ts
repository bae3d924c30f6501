import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../lib/i18n/index';
import { lookUpClient } from '../stores/client-lookup';
import { notify } from '../stores/notifications';

let early: { clientNo: string; result: Promise<boolean> } | null = null;

/** A non-h5 client is only for entry with a one-time code from the merchant (spec §3, §8). */
function usableOnPhone(platform: string, search: string): boolean {
  if (platform === 'h5' || new URLSearchParams(search).has('code')) return true;
  notify(errorMessage('useH5ClientNo', currentLanguage()));
  return false;
}

/** Starts the look-up of the client the app opens on before React renders (app/first-page.ts). */
export function startClientLookup(clientNo: string, search: string): void {
  early = { clientNo, result: lookUpClient(clientNo, search, usableOnPhone) };
}

/** The look-up started at start-up for this client, once; else a new one. */
export function clientLookup(clientNo: string, search: string): Promise<boolean> {
  const started = early?.clientNo === clientNo ? early.result : null;
  early = null;
  return started ?? lookUpClient(clientNo, search, usableOnPhone);
}
