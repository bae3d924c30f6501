import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  count: number;
  allSelected: boolean;
  onSelectAll: (all: boolean) => void;
  onMove: () => void;
  onBatch: () => void;
  onDone: () => void;
}

/** The home screen's bar while phones are being chosen: select all, then move them or operate on them. */
export function SelectionBar({ count, allSelected, onSelectAll, onMove, onBatch, onDone }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div className="cp-selection-bar" role="toolbar" aria-label={t('phones.selection.label')}>
      <Checkbox checked={allSelected} onChange={onSelectAll}>
        {t('phones.selection.all')}
      </Checkbox>
      <span className="cp-selection-bar__count">{t('phones.selection.count', { count })}</span>
      <Button size="small" color="primary" fill="outline" disabled={count === 0} onClick={onMove}>
        {t('phones.selection.move')}
      </Button>
      <Button size="small" color="primary" disabled={count === 0} onClick={onBatch}>
        {t('phones.selection.batch')}
      </Button>
      <Button size="small" fill="none" onClick={onDone}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
