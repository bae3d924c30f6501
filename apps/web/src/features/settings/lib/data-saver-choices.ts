import type { TFunction } from 'i18next';
import { DATA_SAVER_KBPS } from '@cloudphone/contracts/stream';

/** The data saver's choices as both faces list them (issue 58): none, then the caps, highest first. */
export function dataSaverChoices(t: TFunction): { value: string; label: string }[] {
  return [
    { value: 'none', label: t('settings.dataSaver.none') },
    ...DATA_SAVER_KBPS.map((kbps) => ({
      value: String(kbps),
      label:
        kbps >= 1024 ? t('settings.dataSaver.mbps', { mbps: kbps / 1024 }) : t('settings.dataSaver.kbps', { kbps }),
    })),
  ];
}

/** A choice's value as the saver keeps it (null: none). */
export const dataSaverOfChoice = (value: string): number | null => (value === 'none' ? null : Number(value));
export const choiceOfDataSaver = (maxKbps: number | null): string => (maxKbps === null ? 'none' : String(maxKbps));
