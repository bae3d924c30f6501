import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WALLET_FIELDS, type AdminWallet } from '@cloudphone/contracts/console-clients';
import * as wallets from '@cloudphone/contracts/endpoints/admin/wallets';
import { call } from '../../../lib/api-client';
import { WALLETS_KEY } from './wallets-key';

/**
 * A wallet's settings for one client. Ids show as they are; a secret or key is asked for whole the first
 * time and, once set, left empty to keep it — its value never comes back to the page.
 */
export function WalletModal({
  client,
  wallet,
  onClose,
}: {
  client: { clientId: number; name: string };
  wallet: AdminWallet;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const walletName = t(`wallets.names.${wallet.wallet}`);
  const kept = wallet.state !== 'off';
  const save = useMutation({
    mutationFn: (settings: Record<string, string>) =>
      call(wallets.set, { body: { clientId: client.clientId, wallet: wallet.wallet, settings } }),
    onSuccess: async () => {
      void message.success(t('wallets.saved', { wallet: walletName }));
      await queries.invalidateQueries({ queryKey: WALLETS_KEY });
      onClose();
    },
  });
  const fields = WALLET_FIELDS[wallet.wallet];
  const initial = Object.fromEntries(
    fields.filter((field) => field.kind === 'text').map((field) => [field.key, wallet.shown[field.key] ?? '']),
  );
  return (
    <Modal
      open
      width={640}
      title={t('wallets.formTitle', { client: client.name, wallet: walletName })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('wallets.secretsNote')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial}>
        {fields.map(({ key, kind, optional }) => {
          // A secret already set may stay empty: the one kept stands.
          const keptSecret = kind !== 'text' && kept && wallet.shown[key] !== undefined;
          const placeholder = keptSecret ? t('wallets.secretKept') : optional ? t('wallets.optional') : undefined;
          return (
            <Form.Item
              key={key}
              name={key}
              label={t(`wallets.fields.${key}` as 'wallets.fields.appId')}
              rules={[{ required: !optional && !keptSecret, whitespace: true }]}
            >
              {kind === 'pem' || (kind === 'secret' && key === 'privateKey') ? (
                <Input.TextArea rows={3} placeholder={placeholder} autoComplete="off" spellCheck={false} />
              ) : kind === 'secret' ? (
                <Input.Password placeholder={placeholder} autoComplete="new-password" />
              ) : (
                <Input placeholder={placeholder} />
              )}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
