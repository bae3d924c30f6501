import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import * as operators from '@cloudphone/contracts/endpoints/admin/operators';
import {
  OPERATOR_LOGIN,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@cloudphone/contracts/operators';
import { call } from '../../../lib/api-client';

interface OperatorForm {
  login: string;
  password: string;
  role: OperatorRole;
}

/**
 * A new operator, then its authenticator secret — as a QR code and as text — shown this once, for the
 * new operator to enrol before its first sign-in.
 */
export function AddOperatorModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<OperatorForm>();
  const create = useMutation({ mutationFn: (body: OperatorForm) => call(operators.create, { body }) });
  const made = create.data;
  return (
    <Modal
      open
      title={made ? t('operators.secretTitle') : t('operators.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void form.validateFields().then((values) => create.mutate(values))}
      onCancel={onClose}
      footer={
        made ? (
          <Button type="primary" onClick={onClose}>
            {t('common.confirm')}
          </Button>
        ) : undefined
      }
    >
      {made ? (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('operators.secretHint', { login: made.login })}</Typography.Paragraph>
          <QRCodeSVG value={made.otpauthUri} size={176} />
          <Typography.Text>
            {t('operators.secret')}:{' '}
            <Typography.Text code copyable data-testid="operator-secret">
              {made.totpSecret}
            </Typography.Text>
          </Typography.Text>
        </Space>
      ) : (
        <Form<OperatorForm> form={form} layout="vertical" initialValues={{ role: 'support' }}>
          <Form.Item
            name="login"
            label={t('operators.login')}
            rules={[
              {
                required: true,
                pattern: OPERATOR_LOGIN,
                message: t('signIn.required', { field: t('operators.login') }),
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operators.password')}
            extra={t('operators.passwordHint')}
            rules={[{ required: true, min: OPERATOR_PASSWORD_MIN, message: t('operators.passwordHint') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
