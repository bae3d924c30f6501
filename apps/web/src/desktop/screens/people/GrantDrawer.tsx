import { Button, Descriptions, Drawer, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isGrantGone, useGrant } from '../../../features/grants/api/grants';
import { useGrantActions } from '../../../features/grants/hooks/use-grant-actions';
import { Name } from '../../../components/Name';
import { formatDateTime } from '../../../lib/format-time';
import { QueryState } from '../../components/Screen';
import { useConfirm } from '../../components/use-confirm';

/**
 * One grant in a side panel (spec §2 authorizationCode, §4): its code to copy, permission, days,
 * status, account and expiry; the grantor clears the code (a new one replaces it) or ends the grant.
 */
export function GrantDrawer({ grantId, onClose }: { grantId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const grant = useGrant(grantId);
  const { clearCode, end, copyCode, busy } = useGrantActions(useConfirm());
  const data = grant.data;
  const mine = data?.side === 'out';

  return (
    <Drawer
      open
      size={480}
      title={t('routes.authorizationCode')}
      onClose={onClose}
      extra={
        data &&
        mine && (
          <Space>
            {data.grantCode !== null && (
              <Button disabled={busy} data-testid="desk-grant-clear-code" onClick={() => void clearCode(data)}>
                {t('grants.code.clear')}
              </Button>
            )}
            <Button
              danger
              disabled={busy}
              data-testid="desk-grant-end"
              onClick={() => void end(data).then((ended) => ended && onClose())}
            >
              {data.grantCode !== null ? t('grants.code.cancel') : t('grants.takeBack')}
            </Button>
          </Space>
        )
      }
    >
      {isGrantGone(grant.error) ? (
        <Result status="warning" title={t('grants.code.notFound')} />
      ) : (
        <QueryState query={grant}>
          {data && (
            <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="desk-grant-detail">
              {data.grantCode !== null && (
                <div>
                  <Typography.Title level={3} data-testid="grant-code">
                    {data.grantCode}
                  </Typography.Title>
                  <Space orientation="vertical">
                    <Button type="primary" onClick={() => void copyCode(data)}>
                      {t('grants.code.copy')}
                    </Button>
                    <Typography.Text type="secondary">{t('grants.code.share')}</Typography.Text>
                  </Space>
                </div>
              )}
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('grants.code.phone')}>
                  <Name value={data.phoneName} />
                </Descriptions.Item>
                <Descriptions.Item label={t('grants.code.permission')}>
                  {t(`grants.permission.${data.permission}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('grants.code.days')}>
                  {t('grants.days', { count: data.days })}
                </Descriptions.Item>
                <Descriptions.Item label={t('grants.code.status')}>
                  {t(`grants.status.${data.status}`)}
                </Descriptions.Item>
                {data.account !== null && (
                  <Descriptions.Item label={mine ? t('grants.code.account') : t('desktop.people.grants.grantor')}>
                    {data.account}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={t('grants.code.expireTime')}>
                  {formatDateTime(data.expireTime)}
                </Descriptions.Item>
              </Descriptions>
            </Space>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
