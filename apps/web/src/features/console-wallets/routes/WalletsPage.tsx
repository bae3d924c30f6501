import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminWallet } from '@cloudphone/contracts/console-clients';
import * as wallets from '@cloudphone/contracts/endpoints/admin/wallets';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { useOperatorMay } from '../../../stores/operator-session';
import { WalletModal } from '../components/WalletModal';
import { WALLETS_KEY } from '../components/wallets-key';

const STATE_COLOURS: Record<AdminWallet['state'], string> = { off: 'default', ready: 'green', invalid: 'red' };

interface Client {
  clientId: number;
  name: string;
}

/** Each client's wallets (issue 63), as `pay:*` sets them up: checked, set up and turned off; no secret shown. */
export default function WalletsPage() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('wallets.write');
  const list = useQuery({ queryKey: WALLETS_KEY, queryFn: () => call(wallets.list) });
  const [editing, setEditing] = useState<{ client: Client; wallet: AdminWallet } | null>(null);
  const off = useMutation({
    mutationFn: (body: { clientId: number; wallet: AdminWallet['wallet'] }) => call(wallets.off, { body }),
    onSuccess: (_, { wallet }) => {
      void message.success(t('wallets.turnedOff', { wallet: t(`wallets.names.${wallet}`) }));
      void queries.invalidateQueries({ queryKey: WALLETS_KEY });
    },
  });
  const actions = (client: Client, wallet: AdminWallet) => (
    <Space>
      <Button type="link" data-testid={`wallet-set-${wallet.wallet}`} onClick={() => setEditing({ client, wallet })}>
        {t('wallets.setUp')}
      </Button>
      {wallet.state !== 'off' && (
        <Popconfirm
          title={t('wallets.offConfirm', { client: client.name, wallet: t(`wallets.names.${wallet.wallet}`) })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => off.mutateAsync({ clientId: client.clientId, wallet: wallet.wallet })}
        >
          <Button type="link" danger>
            {t('wallets.turnOff')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <SectionCard title={t('wallets.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      {list.isLoading ? (
        <Spin />
      ) : !list.data?.length ? (
        <Empty description={t('wallets.none')} />
      ) : (
        list.data.map((client) => (
          <Card
            key={client.clientId}
            type="inner"
            title={`${client.name} (${client.clientNo})`}
            style={{ marginBottom: 16 }}
          >
            <Table<AdminWallet>
              rowKey="wallet"
              pagination={false}
              dataSource={client.wallets}
              columns={[
                { title: t('wallets.wallet'), render: (_, wallet) => t(`wallets.names.${wallet.wallet}`) },
                {
                  title: t('common.status'),
                  render: (_, wallet) => (
                    <Tag color={STATE_COLOURS[wallet.state]}>{t(`wallets.states.${wallet.state}`)}</Tag>
                  ),
                },
                {
                  title: t('wallets.settings'),
                  render: (_, wallet) =>
                    Object.entries(wallet.shown)
                      .map(([key, value]) => `${t(`wallets.fields.${key}` as 'wallets.fields.appId')}: ${value}`)
                      .join(' · ') || '—',
                },
                ...(mayWrite
                  ? [
                      {
                        title: t('common.actions'),
                        render: (_: unknown, wallet: AdminWallet) => actions(client, wallet),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        ))
      )}
      {editing && <WalletModal {...editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}
