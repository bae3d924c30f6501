import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Popover,
  Segmented,
  Select,
  Space,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { statusTag } from '../../components/phones/phone-status';
import { TAG_COLORS } from '../components/tag-colors';
import { QueryState } from '../components/Screen';
import { usePhoneGroups } from '../../features/phones/api/phone-groups';
import { SEARCH_DELAY_MS, useSettled } from '../../hooks/use-settled';
import { useSelection } from '../../hooks/use-selection';
import { useNow } from '../../hooks/use-now';
import { currentLanguage } from '../../lib/i18n/index';
import { listPhones } from '../../lib/phone-pages';
import { usePhonePreviews } from '../../lib/player/use-phone-previews';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../stores/notifications';
import { rebootPhone } from '../../features/phone-view/api/phone-operations';
import { askShell, insideShell, useShellMessages, useShellState } from '../shell-bridge';
import { SyncSetupForm } from '../screens/sync/SyncSetupForm';
import { openPhoneWindow } from '../open-phone-window';

/** The 4, 9 and 16 grids: phones per page, as columns × columns. */
const GRIDS = { 4: 2, 9: 3, 16: 4 } as const;
type Grid = keyof typeof GRIDS;
/** Preview pixels across, by size (large, medium, small). */
const SIZES = { large: 360, medium: 270, small: 180 } as const;
type Size = keyof typeof SIZES;

/**
 * The desktop's cloud-phone list (spec §2): every phone or a group, live previews in a 4, 9 or 16 grid
 * at three sizes, search and sort; select phones to open their windows, arrange them in rows × columns
 * on one line or several, or hide and show them all.
 */
export function PhoneListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const clientNo = useParams().clientNo ?? '';
  const now = useNow();
  const shell = useShellState();
  const [grid, setGrid] = useState<Grid>(9);
  const [size, setSize] = useState<Size>('medium');
  const [groupId, setGroupId] = useState<number | null>(null);
  const [sort, setSort] = useState(0);
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = useState(1);
  const [selecting, setSelecting] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const navigate = useNavigate();
  const selection = useSelection();
  const [rows, setRows] = useState(1);
  const [columns, setColumns] = useState(3);
  const groups = usePhoneGroups();
  const filter = { groupId, keyword: search, sort };
  const page = useQuery({
    queryKey: [...queryKeys.phoneList, 'desktop', filter, pageNo, grid],
    queryFn: () => listPhones(filter, pageNo, grid),
  });
  const phones = useMemo(() => page.data?.list ?? [], [page.data]);
  const live = useMemo(() => phones.filter((p) => p.expireTime > now && p.status !== 'expired'), [phones, now]);
  const { canvasRef, liveStatus } = usePhonePreviews(
    useMemo(() => live.map((p) => p.userPhoneId), [live]),
    SIZES[size],
  );
  useShellMessages((message) => {
    if (message.type === 'arrangeRefused') notify(errorMessage('arrangeInvalid', currentLanguage()), 'warning');
  });

  const open = (phone: UserPhone) => {
    if (phone.expireTime <= Date.now()) return notify(errorMessage('deviceExpired', currentLanguage()));
    openPhoneWindow(phone.userPhoneId, clientNo);
  };
  const openSelected = () => phones.filter((p) => selection.has(p)).forEach(open);
  const arrange = (r: number, c: number) => askShell({ type: 'arrange', rows: r, columns: c });
  const restartSelected = () =>
    modal.confirm({
      title: t('batch.rebootConfirm', { count: selection.ids.length }),
      onOk: async () => {
        const results = await Promise.allSettled(selection.ids.map((id) => rebootPhone(id)));
        const failed = results.filter((r) => r.status === 'rejected').length;
        const ok = results.length - failed;
        notify(t('batch.finished', { ok, failed }), failed ? 'warning' : 'success');
      },
    });

  const toolbar = (
    <div className="cp-desk-toolbar">
      <Space wrap>
        <Select
          value={groupId ?? 'all'}
          style={{ width: 160 }}
          onChange={(value) => {
            setGroupId(value === 'all' ? null : Number(value));
            setPageNo(1);
          }}
          options={[
            {
              value: 'all',
              label: t('phones.groupTab', {
                name: t('phones.allGroups'),
                count: (groups.data ?? []).reduce((n, g) => n + g.count, 0),
              }),
            },
            ...(groups.data ?? []).map((g) => ({
              value: g.groupId,
              label: t('phones.groupTab', { name: g.groupName, count: g.count }),
            })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('phones.searchPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 220 }}
        />
        <Select
          value={sort}
          style={{ width: 150 }}
          onChange={setSort}
          options={[
            { value: 0, label: t('phones.sort.default') },
            { value: 1, label: t('phones.sort.timeAsc') },
            { value: 2, label: t('phones.sort.timeDesc') },
          ]}
        />
        <Segmented<Grid>
          value={grid}
          onChange={(value) => {
            setGrid(value);
            setPageNo(1);
          }}
          options={[4, 9, 16].map((n) => ({ value: n as Grid, label: t('desktop.list.grid', { count: n }) }))}
        />
        <Segmented<Size>
          value={size}
          onChange={setSize}
          options={(['large', 'medium', 'small'] as const).map((s) => ({
            value: s,
            label: t(`desktop.list.size.${s}`),
          }))}
        />
      </Space>
      <Space wrap>
        <Button onClick={() => setSelecting(!selecting)} type={selecting ? 'primary' : 'default'}>
          {t(selecting ? 'desktop.list.doneSelecting' : 'phones.select')}
        </Button>
        {selecting && (
          <>
            <Checkbox
              checked={phones.length > 0 && phones.every((p) => selection.has(p))}
              onChange={(e) => selection.replace(e.target.checked ? phones.map((p) => p.userPhoneId) : [])}
            >
              {t('phones.selection.all')}
            </Checkbox>
            <Button type="primary" disabled={selection.ids.length === 0} onClick={openSelected}>
              {t('desktop.list.openWindows', { count: selection.ids.length })}
            </Button>
            <Button disabled={selection.ids.length === 0} onClick={restartSelected}>
              {t('desktop.list.restart', { count: selection.ids.length })}
            </Button>
            <Button disabled={selection.ids.length < 2} onClick={() => setSyncing(true)} data-testid="list-sync">
              {t('desktop.sync.fromList', { count: selection.ids.length })}
            </Button>
          </>
        )}
        {insideShell() && (
          <>
            <Popover
              trigger="click"
              content={
                <Space direction="vertical">
                  <Segmented<'single' | 'multi'>
                    block
                    options={[
                      { value: 'single', label: t('desktop.arrange.single') },
                      { value: 'multi', label: t('desktop.arrange.multi') },
                    ]}
                    onChange={(display) => {
                      // One line: every open window side by side; several lines: as square a grid as fits.
                      const open = Math.max(shell?.openPhones.length ?? 0, 2);
                      const across = display === 'single' ? open : Math.ceil(Math.sqrt(open));
                      setColumns(across);
                      setRows(Math.ceil(open / across));
                    }}
                  />
                  <Space>
                    <InputNumber
                      min={0}
                      aria-label={t('desktop.arrange.rows')}
                      value={rows}
                      onChange={(v) => setRows(v ?? 0)}
                      addonAfter={t('desktop.arrange.rows')}
                    />
                    <InputNumber
                      min={0}
                      aria-label={t('desktop.arrange.columns')}
                      value={columns}
                      onChange={(v) => setColumns(v ?? 0)}
                      addonAfter={t('desktop.arrange.columns')}
                    />
                  </Space>
                  <Button type="primary" block data-testid="arrange" onClick={() => arrange(rows, columns)}>
                    {t('desktop.arrange.apply')}
                  </Button>
                </Space>
              }
            >
              <Button>{t('desktop.arrange.title')}</Button>
            </Popover>
            <Button onClick={() => askShell({ type: 'minimiseAll' })}>{t('desktop.windows.hideAll')}</Button>
            <Button onClick={() => askShell({ type: 'showAll' })}>{t('desktop.windows.showAll')}</Button>
          </>
        )}
      </Space>
    </div>
  );

  const body = () => {
    if (!page.data || phones.length === 0)
      return (
        <QueryState
          query={page}
          empty
          emptyText={search ? errorMessage('searchEmpty', currentLanguage()) : t('phones.emptyTitle')}
        >
          {null}
        </QueryState>
      );
    return (
      <div
        className="cp-desk-grid"
        style={{ gridTemplateColumns: `repeat(${GRIDS[grid]}, minmax(0, ${SIZES[size]}px))` }}
      >
        {phones.map((phone) => {
          const tag = statusTag(liveStatus[phone.userPhoneId] ?? phone.status, phone.expireTime, now);
          return (
            <div
              key={phone.userPhoneId}
              className={`cp-desk-cell${selection.has(phone) ? ' cp-desk-cell--on' : ''}`}
              data-testid="desk-phone"
              onClick={() => (selecting ? selection.toggle(phone) : undefined)}
              onDoubleClick={() => (selecting ? undefined : open(phone))}
            >
              <canvas ref={canvasRef(phone.userPhoneId)} className="cp-desk-cell__screen" />
              <div className="cp-desk-cell__foot">
                {selecting && <Checkbox checked={selection.has(phone)} />}
                <span className="cp-desk-cell__name">{phone.name}</span>
                <Tag color={TAG_COLORS[tag.color]}>{t(`phones.status.${tag.label}`)}</Tag>
                {!selecting && (
                  <Button size="small" type="link" onClick={() => open(phone)}>
                    {t('desktop.list.open')}
                  </Button>
                )}
              </div>
            </div>
          );
        })}
      </div>
    );
  };

  return (
    <div className="cp-desk-list">
      {toolbar}
      {body()}
      <Modal
        open={syncing}
        title={t('sync.start')}
        width={880}
        footer={null}
        destroyOnHidden
        onCancel={() => setSyncing(false)}
      >
        <SyncSetupForm
          initial={selection.ids}
          onStarted={(phones) => {
            setSyncing(false);
            askShell({ type: 'openTogether', userPhoneIds: phones });
            void navigate(`/sync/${clientNo}`);
          }}
        />
      </Modal>
      <Pagination
        className="cp-desk-list__pages"
        current={pageNo}
        pageSize={grid}
        total={page.data?.total ?? 0}
        onChange={setPageNo}
        showSizeChanger={false}
        hideOnSinglePage
      />
    </div>
  );
}
