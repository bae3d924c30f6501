import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { grantCodeSchema } from '@cloudphone/contracts/grants';
import { GRANT } from '@cloudphone/contracts/limits';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { issueText } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { redeemGrantCode, refreshGrants } from '../api/grants';
import '../grants.css';

/** Using a grant code (spec §2 useAuthorizationCode): the code's phone joins this account's list. */
export default function UseAuthorizationCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = grantCodeSchema.safeParse(code);
    if (!checked.success) {
      setProblem(issueText(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await redeemGrantCode(checked.data);
      await refreshGrants(queryClient);
      notify(t('grants.redeem.done'), 'success');
      void navigate(pathFor('authorizedDevice', clientNo), { replace: true });
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
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
