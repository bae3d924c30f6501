import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as hosts from '@cloudphone/contracts/endpoints/admin/hosts';
import { HOST_JOIN_TOKEN_MINUTES } from '@cloudphone/contracts/host-registry';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';

interface TokenForm {
  name: string;
  minutes: number;
}

/** A single-use join token for a new host's name, shown once with the command that starts the host. */
export function JoinTokenModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<TokenForm>();
  const make = useMutation({ mutationFn: (body: TokenForm) => call(hosts.token, { body }) });
  const made = make.data;
  return (
    <Modal
      open
      title={made ? t('hosts.tokenTitle', { name: make.variables?.name }) : t('hosts.token')}
      okText={made ? t('common.confirm') : t('hosts.token')}
      cancelText={t('common.cancel')}
      confirmLoading={make.isPending}
      onOk={() => (made ? onClose() : void form.validateFields().then((values) => make.mutate(values)))}
      onCancel={onClose}
    >
      {made ? (
        <>
          <Typography.Paragraph>{t('hosts.tokenHint', { until: formatDateTime(made.expiresAt) })}</Typography.Paragraph>
          <Typography.Paragraph code copyable data-testid="host-token">
            {`CONTROL_PLANE_URL=${location.origin} JOIN_TOKEN=${made.token} npm run device-host`}
          </Typography.Paragraph>
        </>
      ) : (
        <Form<TokenForm> form={form} layout="vertical" initialValues={{ minutes: HOST_JOIN_TOKEN_MINUTES }}>
          <Form.Item name="name" label={t('hosts.tokenName')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={64} placeholder="gz-2" />
          </Form.Item>
          <Form.Item name="minutes" label={t('hosts.tokenMinutes')} rules={[{ required: true }]}>
            <InputNumber min={1} max={7 * 24 * 60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
