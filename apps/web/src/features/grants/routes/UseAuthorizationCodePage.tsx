import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GRANT } from '@cloudphone/contracts/limits';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { useRedeemGrantCode } from '../hooks/use-redeem-grant-code';
import '../grants.css';

/** Using a grant code (spec §2 useAuthorizationCode): the code's phone joins this account's list. */
export default function UseAuthorizationCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { redeem, problem, busy } = useRedeemGrantCode();
  const [code, setCode] = useState('');

  const submit = async () => {
    if (await redeem(code)) void navigate(pathFor('authorizedDevice', clientNo), { replace: true });
  };

  return (
    <form
      className="cp-grant-redeem"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="cp-grant-redeem__intro">{t('grants.redeem.intro')}</p>
      <Input
        className="cp-grant-redeem__input"
        value={code}
        onChange={(value) => setCode(value.toUpperCase())}
        maxLength={GRANT.codeLength}
        placeholder={t('grants.redeem.placeholder')}
        aria-label={t('grants.redeem.placeholder')}
        autoComplete="off"
      />
      {problem && (
        <div className="cp-grant-form__problem" role="alert">
          {problem}
        </div>
      )}
      <Button block type="submit" color="primary" size="large" loading={busy}>
        {t('grants.redeem.submit')}
      </Button>
    </form>
  );
}
