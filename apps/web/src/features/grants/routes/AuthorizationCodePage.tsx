import { Button, List } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Grant } from '@cloudphone/contracts/grants';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { isGrantGone, useGrant } from '../api/grants';
import { useGrantActions } from '../hooks/use-grant-actions';
import '../grants.css';
import { Name } from '../../../components/Name';

/**
 * Grant detail (spec §2 authorizationCode, §4): the grant code with its permission, days, status and
 * expiry; copy it, clear it (a new code replaces it) or cancel the grant.
 */
export default function AuthorizationCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const grantId = Number(params.get('grantId'));
  const grant = useGrant(grantId);
  const toManager = () => void navigate(pathFor('authorizationManager', clientNo), { replace: true });
  const notFound = (
    <PageNotice
      title={t('grants.code.notFound')}
      description=""
      action={{ label: t('grants.code.back'), onClick: toManager }}
    />
  );

  if (!(Number.isInteger(grantId) && grantId > 0)) return notFound;
  if (grant.isPending) return <PageLoading />;
  if (grant.error)
    return isGrantGone(grant.error) ? (
      notFound
    ) : (
      <PageError message={grant.error.message} onRetry={() => void grant.refetch()} />
    );
  return <GrantDetail grant={grant.data} onEnded={toManager} />;
}

function GrantDetail({ grant, onEnded }: { grant: Grant; onEnded: () => void }) {
  const { t } = useTranslation();
  const { clearCode, end, copyCode, busy } = useGrantActions(confirmAction);
  const mine = grant.side === 'out';

  return (
    <div className="cp-grant-detail">
      {grant.grantCode !== null && (
        <div className="cp-grant-detail__code">
          <div className="cp-grant-detail__label">{t('grants.code.code')}</div>
          <div className="cp-grant-detail__value" data-testid="grant-code">
            {grant.grantCode}
          </div>
          <Button size="small" color="primary" fill="outline" onClick={() => void copyCode(grant)}>
            {t('grants.code.copy')}
          </Button>
          <p className="cp-grant-detail__share">{t('grants.code.share')}</p>
        </div>
      )}
      <List>
        <List.Item extra={<Name value={grant.phoneName} />}>{t('grants.code.phone')}</List.Item>
        <List.Item extra={t(`grants.permission.${grant.permission}`)}>{t('grants.code.permission')}</List.Item>
        <List.Item extra={t('grants.days', { count: grant.days })}>{t('grants.code.days')}</List.Item>
        <List.Item extra={t(`grants.status.${grant.status}`)}>{t('grants.code.status')}</List.Item>
        {grant.account !== null && <List.Item extra={grant.account}>{t('grants.code.account')}</List.Item>}
        <List.Item extra={formatDateTime(grant.expireTime)}>{t('grants.code.expireTime')}</List.Item>
      </List>
      {mine && (
        <div className="cp-grants__footer">
          {grant.grantCode !== null && (
            <Button block fill="outline" disabled={busy} onClick={() => void clearCode(grant)}>
              {t('grants.code.clear')}
            </Button>
          )}
          <Button
            block
            color="danger"
            disabled={busy}
            onClick={() => void end(grant).then((ended) => ended && onEnded())}
          >
            {grant.grantCode !== null ? t('grants.code.cancel') : t('grants.takeBack')}
          </Button>
        </div>
      )}
    </div>
  );
}
