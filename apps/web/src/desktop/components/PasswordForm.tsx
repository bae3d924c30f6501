import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordLoginBody } from '@cloudphone/contracts/auth';
import { passwordSchema } from '@cloudphone/contracts/validation';
import { getUserInfoQueryOptions, useUserInfo } from '../../features/account/api/user-info';
import { updatePassword, type UpdatePasswordBody } from '../../features/account/api/update-password';
import { schemaRule } from '../../lib/form-rules';
import { notify } from '../../stores/notifications';

/** The password manager (spec §2): the current password once there is one, the new one twice. */
export function PasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<UpdatePasswordBody>();
  const hasPassword = user.data?.hasPassword ?? true;
  const submit = async (values: UpdatePasswordBody) => {
    setSubmitting(true);
    try {
      await updatePassword(values);
      notify(t('account.passwordChanged'), 'success');
      form.resetFields();
      await queryClient.invalidateQueries(getUserInfoQueryOptions());
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 400 }} onFinish={(v) => void submit(v)} requiredMark={false}>
      {!hasPassword && <Alert type="info" showIcon message={t('account.noPassword')} style={{ marginBottom: 16 }} />}
      {hasPassword && (
        <Form.Item
          name="oldPassword"
          label={t('form.oldPassword')}
          rules={[schemaRule(passwordLoginBody.shape.password)]}
        >
          <Input.Password placeholder={t('form.oldPasswordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="password"
        label={t('form.newPassword')}
        extra={t('form.passwordRule')}
        rules={[schemaRule(passwordSchema)]}
      >
        <Input.Password placeholder={t('form.newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('form.confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value !== getFieldValue('password')) throw new Error(t('desktop.account.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password placeholder={t('form.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('form.submit')}
      </Button>
    </Form>
  );
}
