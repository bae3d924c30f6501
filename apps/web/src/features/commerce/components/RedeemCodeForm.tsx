import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REDEEM_CODE_MAX_LENGTH } from '@cloudphone/contracts/limits';
import { redeemCodeSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { redeemCode, refreshCoupons } from '../api/coupons';

/** A redeem code (spec §5: required, up to 20 letters or digits, either case) turns into coupons. */
export function RedeemCodeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const redeem = async () => {
    const checked = redeemCodeSchema.safeParse(code);
    if (!checked.success) {
      setProblem(issueText(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const coupons = await redeemCode(checked.data);
      notify(t('commerce.redeem.done', { count: coupons.length }), 'success');
      setCode('');
      await refreshCoupons(queryClient);
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

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
