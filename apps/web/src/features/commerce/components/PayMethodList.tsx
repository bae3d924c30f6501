import { Input, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type PayMethod, type PayType } from '@cloudphone/contracts/commerce';
import { ACTIVATION_CODE_LENGTH } from '@cloudphone/contracts/promotion';

interface PayMethodListProps {
  methods: readonly PayMethod[];
  payType: PayType | null;
  onChange: (payType: PayType) => void;
  code: string;
  onCodeChange: (code: string) => void;
}

/** The ways to pay this order; paying by activation code asks for the code. */
export function PayMethodList({ methods, payType, onChange, code, onCodeChange }: PayMethodListProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={payType} onChange={(value) => onChange(value as PayType)}>
      <div className="cp-pay-methods">
        {methods.map((m) => (
          <Radio key={m.payType} value={m.payType} block className="cp-pay-method">
            {t(`commerce.payType.${m.payType}`)}
          </Radio>
        ))}
      </div>
      {payType === 'activation_code' && (
        <Input
          className="cp-commerce-input"
          value={code}
          onChange={onCodeChange}
          maxLength={ACTIVATION_CODE_LENGTH}
          placeholder={t('commerce.pay.codePlaceholder')}
          autoComplete="off"
          aria-label={t('commerce.pay.codePlaceholder')}
        />
      )}
    </Radio.Group>
  );
}
