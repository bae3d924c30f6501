import { Button, DotLoading, Selector } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPLACE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { ReplaceType } from '@cloudphone/contracts/replacement';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { useReplacement } from '../hooks/use-replacement';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';

/**
 * Replace cloud phone (spec §2 changePhone, §4): the chosen phones (from chooseDevice), without or
 * with their data, what the server says of each, then the replacement — confirmed first, its
 * progress shown, and each phone's outcome.
 */
export default function ChangePhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const ids = idsParam(params.get('userPhoneIds'));
  const { replaceType, setReplaceType, preview, ready, nameOf, running, results, submit } = useReplacement(
    ids,
    confirmAction,
  );
  const choose = () =>
    void navigate(pathFor('chooseDevice', clientNo, ids.length > 0 ? `?userPhoneIds=${ids.join(',')}` : ''), {
      replace: true,
    });

  if (ids.length === 0)
    return (
      <PageNotice
        title={t('replacement.none')}
        description={t('replacement.noneHint', { max: REPLACE_MAX_DEVICES })}
        action={{ label: t('replacement.choose'), onClick: choose }}
      />
    );

  const body = () => {
    if (running)
      return (
        <div className="cp-state" role="status" aria-live="polite">
          <DotLoading color="primary" />
          <span>{t('replacement.running')}</span>
        </div>
      );
    if (results)
      return (
        <div className="cp-replace__list" data-testid="replace-results">
          {results.map((r) => (
            <div key={r.userPhoneId} className="cp-replace__row">
              <span className="cp-replace__name">{nameOf(r.userPhoneId)}</span>
              <span className={r.ok ? 'cp-replace__ok' : 'cp-replace__refused'}>
                {r.ok ? t('replacement.replaced') : r.message}
              </span>
            </div>
          ))}
        </div>
      );
    if (preview.isPending) return <PageLoading />;
    if (preview.isError) return <PageError message={preview.error.message} onRetry={() => void preview.refetch()} />;
    return (
      <div className="cp-replace__list">
        {preview.data.list.map((p) => (
          <div key={p.userPhoneId} className="cp-replace__row" data-testid="replace-phone">
            <span className="cp-replace__name">{p.name || `#${p.userPhoneId}`}</span>
            <span className={p.replaceable ? 'cp-replace__ok' : 'cp-replace__refused'}>
              {p.replaceable ? t('replacement.ready') : p.reason}
            </span>
          </div>
        ))}
      </div>
    );
  };

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <p className="cp-replace__note">{t('replacement.intro')}</p>
        <h3 className="cp-section-title cp-section-title--padded">{t('replacement.type')}</h3>
        <Selector
          columns={1}
          disabled={running || results !== null}
          options={[
            { label: t('replacement.type2'), description: t('replacement.type2Note'), value: ReplaceType.withData },
            { label: t('replacement.type1'), description: t('replacement.type1Note'), value: ReplaceType.withoutData },
          ]}
          value={[replaceType]}
          onChange={(value) => value[0] && setReplaceType(value[0])}
        />
        <div className="cp-replace__head">
          <h3 className="cp-section-title cp-section-title--padded">
            {t('replacement.phones', { count: ids.length })}
          </h3>
          {!running && results === null && (
            <Button size="mini" fill="none" color="primary" onClick={choose}>
              {t('replacement.change')}
            </Button>
          )}
        </div>
        {body()}
      </div>
      <div className="cp-groups-page__footer">
        {results ? (
          <Button block color="primary" onClick={() => void navigate(pathFor('chooseDevice', clientNo))}>
            {t('replacement.again')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            loading={running}
            disabled={ready.length === 0 || running}
            onClick={() => void submit()}
          >
            {t('replacement.submit', { count: ready.length })}
          </Button>
        )}
      </div>
    </div>
  );
}
