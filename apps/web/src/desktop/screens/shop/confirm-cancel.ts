import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Cancelling an order asks first (spec §5); confirmed, `cancel` runs while the dialog waits for it. */
export function useConfirmCancelOrder() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (cancel: () => Promise<unknown>) =>
    modal.confirm({ title: t('commerce.pay.cancelConfirm'), okButtonProps: { danger: true }, onOk: cancel });
}
