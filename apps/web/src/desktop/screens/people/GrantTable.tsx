import { useMemo, useState } from 'react';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '@cloudphone/contracts/errors';
import { GRANT_PERMISSIONS, type Grant, type GrantSide } from '@cloudphone/contracts/grants';
import { Name } from '../../../components/Name';
import { useGrantPages } from '../../../features/grants/api/grants';
import { useGrantActions } from '../../../features/grants/hooks/use-grant-actions';
import { formatDateTime } from '../../../lib/format-time';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { QueryState } from '../../components/Screen';
import { BatchBar } from './BatchBar';
import { openPhoneWindow } from '../../open-phone-window';
import { tablePaging } from './table-paging';
import { useConfirm } from '../../components/use-confirm';
import { useEveryPage } from './use-every-page';

/**
 * The live grants on one side as a table: those the user made (`out`: see the code, take back, several
 * at once) or holds (`in`: open the phone), sorted and paged here.
 */
export function GrantTable({ side, onShow }: { side: GrantSide; onShow: (grantId: number) => void }) {
  const { t } = useTranslation();
  const clientNo = useParams().clientNo ?? '';
  const pages = useEveryPage(useGrantPages(side));
  const grants = useMemo(() => pages.data?.pages.flatMap((p) => p.list) ?? [], [pages.data]);
  const { takeBack, copyCode, busy } = useGrantActions(useConfirm());
  const [selected, setSelected] = useState<number[]>([]);
  const chosen = grants.filter((g) => selected.includes(g.grantId));
  const out = side === 'out';

  const open = (grant: Grant) => {
    if (grant.expireTime <= Date.now()) return notify(errorMessage('deviceExpired', currentLanguage()));
    openPhoneWindow(grant.userPhoneId, clientNo);
  };
  const takeBackChosen = async () => {
    const question =
      chosen.length > 1 ? t('desktop.people.grants.takeBackManyConfirm', { count: chosen.length }) : undefined;
    if (await takeBack(chosen, question)) setSelected([]);
  };

  const columns: ColumnsType<Grant> = [
    {
      title: t('grants.code.phone'),
      dataIndex: 'phoneName',
      sorter: (a, b) => a.phoneName.localeCompare(b.phoneName),
      render: (name: string) => <Name value={name} />,
    },
    {
      title: t('grants.code.permission'),
      dataIndex: 'permission',
      filters: GRANT_PERMISSIONS.map((p) => ({ text: t(`grants.permission.${p}`), value: p })),
      onFilter: (value, grant) => grant.permission === value,
      render: (permission: Grant['permission']) => (
        <Tag color={permission === 'control' ? 'blue' : 'default'}>{t(`grants.permission.${permission}`)}</Tag>
      ),
    },
    {
      title: out ? t('grants.code.account') : t('desktop.people.grants.grantor'),
      dataIndex: 'account',
      sorter: (a, b) => (a.account ?? '').localeCompare(b.account ?? ''),
      render: (account: string | null) => account ?? <Tag color="gold">{t('grants.status.waiting')}</Tag>,
    },
    ...(out
      ? [
          {
            title: t('grants.code.code'),
            dataIndex: 'grantCode',
            render: (code: string | null, grant: Grant) =>
              code && (
                <Space size={4}>
                  <Typography.Text code data-testid="desk-grant-code">
                    {code}
                  </Typography.Text>
                  <Button
                    size="small"
                    type="link"
                    onClick={(e) => {
                      e.stopPropagation();
                      void copyCode(grant);
                    }}
                  >
                    {t('grants.code.copy')}
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
    {
      title: t('grants.code.days'),
      dataIndex: 'days',
      sorter: (a, b) => a.days - b.days,
      render: (days: number) => t('grants.days', { count: days }),
    },
    {
      title: t('grants.code.expireTime'),
      dataIndex: 'expireTime',
      sorter: (a, b) => a.expireTime - b.expireTime,
      render: (time: number) => formatDateTime(time),
    },
    {
      title: t('desktop.people.actions'),
      key: 'actions',
      render: (_: unknown, grant) =>
        out ? (
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            <Button type="link" size="small" onClick={() => onShow(grant.grantId)}>
              {t('desktop.people.grants.details')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={busy}
              data-testid="desk-grant-take-back"
              onClick={() => void takeBack([grant])}
            >
              {t('grants.takeBack')}
            </Button>
          </Space>
        ) : (
          <Button type="link" size="small" data-testid="desk-grant-open" onClick={() => open(grant)}>
            {t('grants.open')}
          </Button>
        ),
    },
  ];

  return (
    <QueryState query={{ ...pages, error: pages.data ? null : pages.error }}>
      <div data-testid={`desk-grants-${side}`}>
        {out && (
          <BatchBar
            danger
            label={t('desktop.people.grants.takeBackSelected', { count: chosen.length })}
            count={chosen.length}
            busy={busy}
            testId="desk-grants-take-back-selected"
            onRun={() => void takeBackChosen()}
          />
        )}
        <Table<Grant>
          size="small"
          rowKey="grantId"
          loading={pages.isFetchingNextPage}
          columns={columns}
          dataSource={grants}
          pagination={tablePaging(t)}
          locale={{ emptyText: t(out ? 'grants.emptyOut' : 'grants.emptyIn') }}
          rowSelection={
            out ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
          }
          onRow={(grant) => ({
            'data-testid': 'desk-grant-row',
            onClick: out ? () => onShow(grant.grantId) : undefined,
          })}
        />
      </div>
    </QueryState>
  );
}
