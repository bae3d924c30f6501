import type { ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import i18next from 'i18next';

interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  /** The confirming button's text; "OK" when not given. */
  confirmText?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
}

/** Asks before an action (spec §5: deletion, restart, reset… ask for confirmation); true when confirmed. */
export function confirmAction({ title, content, confirmText, danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    void Dialog.show({
      title,
      content,
      closeOnAction: true,
      onClose: () => resolve(false),
      actions: [
        [
          { key: 'cancel', text: i18next.t('common.cancel'), onClick: () => resolve(false) },
          {
            key: 'confirm',
            text: confirmText ?? i18next.t('common.confirm'),
            bold: true,
            danger,
            onClick: () => resolve(true),
          },
        ],
      ],
    });
  });
}
