import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SmsScene } from '@cloudphone/contracts/auth';
import { MobileFormItem } from '../../../components/MobileFormItem';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { changeMobile } from '../api/mobile-binding';
import { sendCodeToMobile } from '../api/send-code';
import { SubmitForm } from '../../../components/SubmitForm';

interface NewMobileValues {
  mobile: string;
  code: string;
}

/** Step 3 of a number change: the new number and the code sent to it. */
export function BindNewMobileStep({ ticket, onChanged }: { ticket: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewMobileValues>();
  const [binding, setBinding] = useState(false);

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    await sendCodeToMobile(mobile.trim(), SmsScene.bindNewMobile);
    return true;
  };

  const bind = async ({ mobile, code }: NewMobileValues) => {
    setBinding(true);
    try {
      await changeMobile({ ticket, mobile: mobile.trim(), code });
      onChanged();
    } catch {
      // The request layer has shown why (number taken, wrong code…).
      setBinding(false);
    }
  };

  return (
    <SubmitForm
      form={form}
      onSubmit={(values: NewMobileValues) => void bind(values)}
      submitLabel={t('binding.bind')}
      submitting={binding}
    >
      <MobileFormItem label={t('binding.newMobile')} />
      <SmsCodeFormItem onSend={sendCode} />
    </SubmitForm>
  );
}
