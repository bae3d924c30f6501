import { useState } from 'react';
import { Button, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GrantSide } from '@cloudphone/contracts/grants';
import { Screen } from '../../components/Screen';
import { AddGrantDrawer } from './AddGrantDrawer';
import { GrantDrawer } from './GrantDrawer';
import { GrantTable } from './GrantTable';
import { RedeemGrantModal } from './RedeemGrantModal';

/**
 * Grant management (spec §2's desktop list; §4–§6): the phones granted out and those granted to me as
 * tables, adding grants (one or several phones at once), a grant's detail with its code, and using a
 * grant code. The grants feature's calls and rules, as the phone app's pages use them.
 */
export default function GrantsScreen() {
  const { t } = useTranslation();
  const [side, setSide] = useState<GrantSide>('out');
  const [adding, setAdding] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [shown, setShown] = useState<number | null>(null);

  return (
    <Screen
      title={t('desktop.menu.grants')}
      extra={
        <Space>
          <Button data-testid="grants-use-code" onClick={() => setRedeeming(true)}>
            {t('grants.useCode')}
          </Button>
          <Button type="primary" data-testid="grants-add" onClick={() => setAdding(true)}>
            {t('grants.add')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={side}
        onChange={(key) => setSide(key as GrantSide)}
        items={(['out', 'in'] as const).map((key) => ({
          key,
          label: <span data-testid={`grants-tab-${key}`}>{t(`grants.tabs.${key}`)}</span>,
          children: <GrantTable side={key} onShow={setShown} />,
        }))}
      />
      {adding && (
        <AddGrantDrawer
          onClose={() => setAdding(false)}
          onMade={(made) => {
            setAdding(false);
            setSide('out');
            // A single code is what the user came for: shown at once, as the phone app does.
            if (made.length === 1 && made[0]?.grantCode) setShown(made[0].grantId);
          }}
        />
      )}
      {redeeming && (
        <RedeemGrantModal
          onClose={() => setRedeeming(false)}
          onRedeemed={() => {
            setRedeeming(false);
            setSide('in');
          }}
        />
      )}
      {shown !== null && <GrantDrawer grantId={shown} onClose={() => setShown(null)} />}
    </Screen>
  );
}
