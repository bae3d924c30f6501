import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminHost } from '@cloudphone/contracts/console-clients';
import * as hosts from '@cloudphone/contracts/endpoints/admin/hosts';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';
import { JoinTokenModal } from '../components/JoinTokenModal';

const HOSTS_KEY = ['console', 'hosts'] as const;
const STATE_COLOURS: Record<AdminHost['state'], string> = { online: 'green', offline: 'red', fixed: 'default' };

/** The platform's device hosts (issue 63), as `host:list` shows them: drained, undrained and joined here. */
export default function HostsPage() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('hosts.write');
  const [joining, setJoining] = useState(false);
  const list = useQuery({ queryKey: HOSTS_KEY, queryFn: () => call(hosts.list), refetchInterval: 10_000 });
  const drain = useMutation({
    mutationFn: (body: { name: string; draining: boolean }) => call(hosts.drain, { body }),
    onSuccess: (_, { name, draining }) => {
      void message.success(t(draining ? 'hosts.drained' : 'hosts.undrained', { name }));
      void queries.invalidateQueries({ queryKey: HOSTS_KEY });
    },
  });
  return (
    <SectionCard
      title={t('hosts.title')}
      extra={
        mayWrite && (
          <Button type="primary" onClick={() => setJoining(true)}>
            {t('hosts.token')}
          </Button>
        )
      }
      failed={list.isError}
      onRetry={() => void list.refetch()}
    >
      <Table<AdminHost>
        rowKey="name"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: t('hosts.name'), dataIndex: 'name' },
          {
            title: t('hosts.state'),
            render: (_, host) => (
              <Space size={4} data-testid={`host-state-${host.name}`}>
                <Tag color={STATE_COLOURS[host.state]}>{t(`hosts.states.${host.state}`)}</Tag>
                {host.draining && <Tag color="orange">{t('hosts.draining')}</Tag>}
              </Space>
            ),
          },
          { title: t('hosts.load'), render: (_, host) => `${host.phones} / ${host.capacity ?? '∞'}` },
          { title: t('hosts.region'), render: (_, host) => host.region || '—' },
          { title: t('hosts.address'), render: (_, host) => host.publicUrl || t('hosts.inServer') },
          {
            title: t('hosts.lastSeen'),
            render: (_, host) => (host.lastSeenAt === null ? '—' : formatDateTime(host.lastSeenAt)),
          },
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, host: AdminHost) => (
                    <Popconfirm
                      title={t(host.draining ? 'hosts.undrainConfirm' : 'hosts.drainConfirm', { name: host.name })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => drain.mutateAsync({ name: host.name, draining: !host.draining })}
                    >
                      <Button type="link" data-testid={`host-drain-${host.name}`}>
                        {t(host.draining ? 'hosts.undrain' : 'hosts.drain')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {joining && <JoinTokenModal onClose={() => setJoining(false)} />}
    </SectionCard>
  );
}
