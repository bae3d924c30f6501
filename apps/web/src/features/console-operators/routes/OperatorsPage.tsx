import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as operators from '@cloudphone/contracts/endpoints/admin/operators';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay, useOperatorSession } from '../../../stores/operator-session';
import { AddOperatorModal } from '../components/AddOperatorModal';

type Operator = ReplyOf<typeof operators.list>[number];
const KEY = ['console', 'operators'] as const;

/** The tenant's staff (issue 62): who may sign in to the console as what; the owner adds and disables them. */
export default function OperatorsPage() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('operators.write');
  const me = useOperatorSession((s) => s.signedIn?.operator.operatorId);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(operators.list) });
  const setDisabled = useMutation({
    mutationFn: (body: { operatorId: number; disabled: boolean }) => call(operators.setDisabled, { body }),
    onSuccess: async (operator) => {
      void message.success(t(operator.disabled ? 'operators.disabled' : 'operators.active'));
      await queries.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <SectionCard
      title={t('operators.title')}
      extra={
        mayWrite && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('operators.add')}
          </Button>
        )
      }
      failed={list.isError}
      onRetry={() => void list.refetch()}
    >
      <Table<Operator>
        rowKey="operatorId"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          {
            title: t('operators.login'),
            render: (_, operator) => `${operator.login}${operator.operatorId === me ? t('operators.you') : ''}`,
          },
          {
            title: t('operators.role'),
            render: (_, operator) => <Tag color="blue">{t(`roles.${operator.role}`)}</Tag>,
          },
          { title: t('operators.createdAt'), render: (_, operator) => formatDateTime(operator.createdAt) },
          {
            title: t('operators.state'),
            render: (_, operator) =>
              operator.disabled ? (
                <Tag>{t('operators.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('operators.active')}</Tag>
              ),
          },
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, operator: Operator) =>
                    operator.operatorId === me ? null : operator.disabled ? (
                      <Button
                        type="link"
                        onClick={() => setDisabled.mutate({ operatorId: operator.operatorId, disabled: false })}
                      >
                        {t('operators.enable')}
                      </Button>
                    ) : (
                      <Popconfirm
                        title={t('operators.disableConfirm', { login: operator.login })}
                        okText={t('common.confirm')}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => setDisabled.mutate({ operatorId: operator.operatorId, disabled: true })}
                      >
                        <Button type="link" danger>
                          {t('operators.disable')}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
      {adding && (
        <AddOperatorModal
          onClose={() => {
            setAdding(false);
            void queries.invalidateQueries({ queryKey: KEY });
          }}
        />
      )}
    </SectionCard>
  );
}
