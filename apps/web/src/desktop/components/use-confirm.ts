import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { confirmAction } from '../../components/confirm-action';

/**
 * The features' confirmation (`confirmAction`'s shape, spec §5: destructive actions ask first) as an
 * antd modal, handed to the features' hooks that ask: resolves true when the user confirms.
 */
export function useConfirm(): typeof confirmAction {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    ({ title, content, confirmText, danger = false }) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          // A question alone is the dialog's title.
          title: title ?? content,
          content: title ? content : undefined,
          okText: confirmText ?? t('common.confirm'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger, 'data-testid': 'confirm-ok' },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
