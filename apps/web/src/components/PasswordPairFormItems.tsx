import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { passwordPairSchema, passwordSchema } from '@cloudphone/contracts/validation';
import { issueText, schemaRule } from '../lib/form-rules';

interface PairForm {
  getFieldValue: (name: string) => unknown;
}

/** The second entry must match the first (spec §5), checked by the contracts pair rule. */
const confirmRule = (form: PairForm) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = passwordPairSchema.safeParse({ password: form.getFieldValue('password'), confirmPassword: value });
    const issue = result.error?.issues.find((i) => i.path[0] === 'confirmPassword');
    if (issue) throw new Error(issueText(issue.message));
  },
});

/** A new password typed twice: `password` and `confirmPassword`. */
export function PasswordPairFormItems() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('form.newPassword')}
        rules={[schemaRule(passwordSchema)]}
        description={t('form.passwordRule')}
      >
        <Input type="password" placeholder={t('form.newPasswordPlaceholder')} autoComplete="new-password" clearable />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('form.confirmPassword')}
        dependencies={['password']}
        rules={[confirmRule]}
      >
        <Input
          type="password"
          placeholder={t('form.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          clearable
        />
      </Form.Item>
    </>
  );
}
