import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { Grant } from '@cloudphone/contracts/grants';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { copyText } from '../../../lib/copy-text';
import { RequestError } from '../../../lib/request';
import { formatDateTime } from '../../../lib/format-time';
import { notify } from '../../../stores/notifications';
import { cancelGrantCode, clearGrantCode, refreshGrants, revokeGrant, useGrant } from '../api/grants';
import '../grants.css';
import { Name, shortName } from '../../../components/Name';

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
    return grant.error instanceof RequestError && grant.error.code === ERRORS.grantNotFound.code ? (
      notFound
    ) : (
      <PageError message={grant.error.message} onRetry={() => void grant.refetch()} />
    );
  return <GrantDetail grant={grant.data} onEnded={toManager} />;
}

function GrantDetail({ grant, onEnded }: { grant: Grant; onEnded: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const mine = grant.side === 'out';

  const act = async (ask: string, confirmText: string, run: () => Promise<unknown>, done: string, ends: boolean) => {
    if (!(await confirmAction({ content: ask, confirmText, danger: true }))) return;
    setBusy(true);
    try {
      await run();
      notify(done, 'success');
      await refreshGrants(queryClient);
      if (ends) onEnded();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (grant.grantCode && (await copyText(grant.grantCode))) notify(t('grants.code.copied'), 'success');
  };

  return (
    <div className="cp-grant-detail">
      {grant.grantCode !== null && (
        <div className="cp-grant-detail__code">
          <div className="cp-grant-detail__label">{t('grants.code.code')}</div>
          <div className="cp-grant-detail__value" data-testid="grant-code">
            {grant.grantCode}
          </div>
          <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>
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
            <Button
              block
              fill="outline"
              disabled={busy}
              onClick={() =>
                void act(
                  t('grants.code.clearConfirm'),
                  t('grants.code.clear'),
                  () => clearGrantCode(grant.grantId),
                  t('grants.code.cleared'),
                  false,
                )
              }
            >
              {t('grants.code.clear')}
            </Button>
          )}
          <Button
            block
            color="danger"
            disabled={busy}
            onClick={() =>
              void (grant.grantCode !== null
                ? act(
                    t('grants.code.cancelConfirm'),
                    t('grants.code.cancel'),
                    () => cancelGrantCode(grant.grantId),
                    t('grants.code.cancelled'),
                    true,
                  )
                : act(
                    t('grants.takeBackConfirm', { name: shortName(grant.phoneName) }),
                    t('grants.takeBack'),
                    () => revokeGrant(grant.grantId),
                    t('grants.takenBack'),
                    true,
                  ))
            }
          >
            {grant.grantCode !== null ? t('grants.code.cancel') : t('grants.takeBack')}
          </Button>
        </div>
      )}
    </div>
  );
}
