import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { REDEEM_CODE_MAX_LENGTH } from '@cloudphone/contracts/limits';
import { useRedeemCode } from '../hooks/use-coupon-actions';

/** A redeem code (spec §5: required, up to 20 letters or digits, either case) turns into coupons. */
export function RedeemCodeForm() {
  const { t } = useTranslation();
  const { code, setCode, problem, busy, redeem } = useRedeemCode();

  return (
    <form
      className="cp-redeem"
      onSubmit={(event) => {
        event.preventDefault();
        void redeem();
      }}
    >
      <div className="cp-redeem__row">
        <Input
          className="cp-commerce-input"
          value={code}
          onChange={setCode}
          maxLength={REDEEM_CODE_MAX_LENGTH}
          placeholder={t('commerce.redeem.placeholder')}
          aria-label={t('commerce.redeem.placeholder')}
          autoComplete="off"
        />
        <Button type="submit" color="primary" size="small" loading={busy}>
          {t('commerce.redeem.submit')}
        </Button>
      </div>
      {problem && (
        <p className="cp-commerce-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
