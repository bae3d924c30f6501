import type { ReactNode } from 'react';
import { Button, Popover, SearchBar, Tabs } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/popover';
import { useTranslation } from 'react-i18next';
import { PhoneSort } from '@cloudphone/contracts/phones';
import { Icon } from '../../../components/icons';
import type { PhoneGroup } from '../api/phone-groups';
import { VIEW_MODES, useHomeView, type SortValue, type ViewMode } from '../stores/home-view';

const ALL = 'all';
const SORT_LABELS: Record<SortValue, 'default' | 'timeAsc' | 'timeDesc'> = {
  [PhoneSort.default]: 'default',
  [PhoneSort.timeAsc]: 'timeAsc',
  [PhoneSort.timeDesc]: 'timeDesc',
};

interface HomeToolbarProps {
  groups: PhoneGroup[];
  keyword: string;
  onKeyword: (keyword: string) => void;
  /** Without any phone the view cannot change; the page says why instead. */
  canSwitchView: boolean;
  onCannotSwitchView: () => void;
  onManageGroups: () => void;
  /** Starts choosing phones for a move or a batch operation. */
  onSelect: () => void;
  /** The way to the online devices, beside the group manager. */
  online?: ReactNode;
}

/** Group tabs with the way to the group manager, the name search, the sort, the view mode and select. */
export function HomeToolbar({
  groups,
  keyword,
  onKeyword,
  canSwitchView,
  onCannotSwitchView,
  onManageGroups,
  onSelect,
  online,
}: HomeToolbarProps) {
  const { t } = useTranslation();
  const { viewMode, sort, groupId, setViewMode, setSort, setGroupId } = useHomeView();
  const total = groups.reduce((sum, g) => sum + g.count, 0);

  const sortActions: Action[] = Object.entries(SORT_LABELS).map(([value, label]) => ({
    key: value,
    text: t(`phones.sort.${label}`),
  }));
  const viewActions: Action[] = VIEW_MODES.map((mode) => ({ key: mode, text: t(`phones.view.${mode}`) }));
  const viewButton = (
    <Button
      size="small"
      fill="outline"
      aria-label={t('phones.view.label')}
      onClick={canSwitchView ? undefined : onCannotSwitchView}
    >
      {t(`phones.view.${viewMode}`)}
    </Button>
  );

  return (
    <div className="cp-home-toolbar">
      <div className="cp-home-toolbar__groups">
        <Tabs
          className="cp-home-toolbar__tabs"
          activeKey={groupId === null ? ALL : String(groupId)}
          onChange={(key) => setGroupId(key === ALL ? null : Number(key))}
        >
          <Tabs.Tab key={ALL} title={t('phones.groupTab', { name: t('phones.allGroups'), count: total })} />
          {groups.map((g) => (
            <Tabs.Tab key={String(g.groupId)} title={t('phones.groupTab', { name: g.groupName, count: g.count })} />
          ))}
        </Tabs>
        {online}
        {/* An icon: the group tabs keep the row's width, in every language. */}
        <Button
          size="mini"
          fill="none"
          className="cp-home-toolbar__manage"
          aria-label={t('phones.manageGroups')}
          onClick={onManageGroups}
        >
          <Icon name="manageGroups" />
        </Button>
      </div>
      <div className="cp-home-toolbar__row">
        <SearchBar
          className="cp-home-toolbar__search"
          placeholder={t('phones.searchPlaceholder')}
          value={keyword}
          onChange={onKeyword}
          onClear={() => onKeyword('')}
        />
        <Popover.Menu
          actions={sortActions}
          trigger="click"
          placement="bottom-end"
          onAction={(action) => setSort(Number(action.key) as SortValue)}
        >
          <Button size="small" fill="outline" aria-label={t('phones.sort.label')}>
            {t(`phones.sort.${SORT_LABELS[sort]}`)}
          </Button>
        </Popover.Menu>
        {canSwitchView ? (
          <Popover.Menu
            actions={viewActions}
            trigger="click"
            placement="bottom-end"
            onAction={(action) => setViewMode(action.key as ViewMode)}
          >
            {viewButton}
          </Popover.Menu>
        ) : (
          viewButton
        )}
        <Button size="small" fill="outline" disabled={!canSwitchView} onClick={onSelect}>
          {t('phones.select')}
        </Button>
      </div>
    </div>
  );
}
