import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PHONE_RESOLUTIONS, type UserPhone } from '@cloudphone/contracts/phones';
import { confirmAction } from '../../../components/confirm-action';
import {
  rebootPhone,
  resetPhone,
  setPhoneResolution,
  setPhoneRoot,
  takeScreenshot,
  usePhoneOperation,
} from '../api/phone-operations';
import { showScreenshot } from '../components/show-screenshot';

/** Restart, factory reset, root, resolution and screenshot of one phone, each asked for first where spec §5 says so. */
export function useDeviceOperations(phone: UserPhone) {
  const { t } = useTranslation();
  const userPhoneId = phone.userPhoneId;
  const reboot = usePhoneOperation(rebootPhone, 'restartFailed');
  const reset = usePhoneOperation(resetPhone, 'resetFailed');
  const root = usePhoneOperation(setPhoneRoot, 'operationFailed');
  const resolution = usePhoneOperation(setPhoneResolution, 'resolutionFailed');
  const screenshot = usePhoneOperation(takeScreenshot, 'screenshotFailed', { changesPhone: false });

  return {
    restart: async () => {
      if (await confirmAction({ content: t('phoneView.confirm.restart'), confirmText: t('phoneView.tools.restart') }))
        reboot.mutate(userPhoneId);
    },
    reset: async () => {
      const confirmed = await confirmAction({
        content: t('phoneView.confirm.reset'),
        confirmText: t('phoneView.tools.reset'),
        danger: true,
      });
      if (confirmed) reset.mutate(userPhoneId);
    },
    toggleRoot: async () => {
      const on = !phone.root;
      if (await confirmAction({ content: t(on ? 'phoneView.confirm.rootOn' : 'phoneView.confirm.rootOff') }))
        root.mutate({ userPhoneId, root: on });
    },
    chooseResolution: () => {
      const sheet = ActionSheet.show({
        extra: t('phoneView.resolution.title'),
        cancelText: t('common.cancel'),
        actions: PHONE_RESOLUTIONS.map((r) => {
          const current = phone.resolution === `${r.width}×${r.height}`;
          return {
            key: `${r.width}x${r.height}`,
            text: t('phoneView.resolution.option', r),
            description: current ? t('phoneView.resolution.current') : undefined,
            disabled: current,
            onClick: async () => {
              sheet.close();
              // spec §5: a resolution change may affect scripts; ask first.
              const confirmed = await confirmAction({
                content: t('phoneView.confirm.resolution', { resolution: t('phoneView.resolution.option', r) }),
              });
              if (confirmed) resolution.mutate({ userPhoneId, ...r });
            },
          };
        }),
      });
    },
    screenshot: async () => {
      const shot = await screenshot.mutateAsync(userPhoneId).catch(() => null);
      if (shot) showScreenshot(shot.imageUrl, phone.name);
    },
    takingScreenshot: screenshot.isPending,
  };
}
