import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { smsCodeSchema } from '@cloudphone/contracts/validation';
import { SMS_CODE } from '@cloudphone/contracts/limits';
import { schemaRule } from '../lib/form-rules';
import { SendCodeButton } from './SendCodeButton';

/** The `code` field of a form, with its "Send code" countdown button. */
export function SmsCodeFormItem({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('sms.code')}
      rules={[schemaRule(smsCodeSchema)]}
      extra={<SendCodeButton onSend={onSend} />}
    >
      <Input
        placeholder={t('sms.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE.maxDigits}
        clearable
      />
    </Form.Item>
  );
}
