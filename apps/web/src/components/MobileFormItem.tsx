import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { mobileSchema } from '@cloudphone/contracts/validation';
import { schemaRule } from '../lib/form-rules';

/** The `mobile` field of a form, checked with the contracts rule ("Phone no is incorrect!"). */
export function MobileFormItem({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="mobile" label={label ?? t('form.mobile')} rules={[schemaRule(mobileSchema)]}>
      <Input placeholder={t('form.mobilePlaceholder')} type="tel" autoComplete="tel" maxLength={11} clearable />
    </Form.Item>
  );
}
