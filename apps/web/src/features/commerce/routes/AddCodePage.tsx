import { Button, TextArea } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { currentLanguage } from '../../../lib/i18n/index';
import { useCodeInput } from '../hooks/use-code-activation';
import { codeTypeOf, usageOfType } from '../stores/activation-codes';
import '../commerce.css';

/**
 * Adding activation codes (spec §5): several at once, split on newline, space or comma; duplicates
 * are not added and their count is reported, as typed and again when added.
 */
export default function AddCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const usage = usageOfType(params.get('type'));
  const { input, setInput, preview, malformed, add: addInput } = useCodeInput(usage);

  const add = () => {
    addInput();
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else {
      // Opened directly: on to activating them, for the phone the renewal was meant for.
      const phone = params.get('userPhoneId');
      const search = `?type=${codeTypeOf(usage)}${phone ? `&userPhoneId=${encodeURIComponent(phone)}` : ''}`;
      void navigate(pathFor('activationCode', clientNo, search), { replace: true });
    }
  };

  return (
    <div className="cp-commerce cp-add-code">
      <TextArea
        className="cp-add-code__input"
        value={input}
        onChange={setInput}
        rows={6}
        placeholder={t('commerce.codes.placeholder')}
        aria-label={t('commerce.codes.placeholder')}
      />
      <p className="cp-commerce-note" role="status" data-testid="code-count">
        {t('commerce.codes.parsed', { count: preview.codes.length, duplicates: preview.duplicateCount })}
      </p>
      {malformed > 0 && (
        <p className="cp-commerce-error">
          {errorMessage('activationCodeInvalid', currentLanguage())} ({malformed})
        </p>
      )}
      <div className="cp-commerce-actions">
        <Button block color="primary" size="large" disabled={preview.codes.length === 0} onClick={add}>
          {t('commerce.codes.add', { count: preview.codes.length })}
        </Button>
      </div>
    </div>
  );
}
