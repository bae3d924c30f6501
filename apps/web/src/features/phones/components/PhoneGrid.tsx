import { useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { usePhonePreviews } from '../../../lib/player/use-phone-previews';
import { useNow } from '../../../hooks/use-now';
import { PhoneCell } from './PhoneCell';
import { statusTag } from '../../../components/phones/phone-status';

interface PhoneGridProps {
  /** The phones loaded so far, in display order. */
  phones: UserPhone[];
  /** How many phones there are in all; pages past the loaded ones ask for more. */
  total: number;
  onNeedMore: () => void;
  /** 1 (the main view), 2, 3 or 4: a page is columns × columns phones. */
  columns: number;
  onOpen: (phone: UserPhone) => void;
  onLongPress?: (phone: UserPhone) => void;
}

/** A finger moved this far sideways turns the page. */
const SWIPE_PX = 50;

/**
 * Pixels across each preview picture, by columns: about a cell's width on a phone screen, at 2×;
 * the main view gets the largest picture the preview channel draws.
 */
const PREVIEW_WIDTH: Record<number, number> = { 1: 360, 2: 360, 3: 240, 4: 180 };

/**
 * The main view and the 4/9/16 grids: a live picture of every phone on the page, over one preview
 * socket per host (DESIGN §4). Pictures are drawn straight into each cell's canvas, outside React's
 * render cycle. Swiping sideways or the arrows turn the page.
 */
export function PhoneGrid({ phones, total, onNeedMore, columns, onOpen, onLongPress }: PhoneGridProps) {
  const { t } = useTranslation();
  const now = useNow();
  const perPage = columns * columns;
  const pages = Math.max(1, Math.ceil(Math.max(total, phones.length) / perPage));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  const shown = useMemo(() => phones.slice(current * perPage, (current + 1) * perPage), [phones, current, perPage]);

  // A page reaching past the phones loaded so far asks for the next page of the list.
  const needsMore = (current + 1) * perPage > phones.length && phones.length < total;
  useEffect(() => {
    if (needsMore) onNeedMore();
  }, [needsMore, onNeedMore]);

  // An expired phone has no stream to preview: no token is asked for it.
  const live = useMemo(() => shown.filter((p) => p.expireTime > now && p.status !== 'expired'), [shown, now]);
  const { canvasRef, liveStatus } = usePhonePreviews(
    useMemo(() => live.map((p) => p.userPhoneId), [live]),
    PREVIEW_WIDTH[columns] ?? 180,
  );

  const touchStart = useRef<number | null>(null);
  const onTouchStart = (e: TouchEvent) => (touchStart.current = e.touches[0]?.clientX ?? null);
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const end = e.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    setPage(Math.max(0, Math.min(pages - 1, current + (end < start ? 1 : -1))));
  };

  return (
    <div className="cp-phone-grid-page">
      <div
        className="cp-phone-grid"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        data-columns={columns}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        {shown.map((phone) => (
          <PhoneCell
            key={phone.userPhoneId}
            phone={phone}
            status={statusTag(liveStatus[phone.userPhoneId] ?? phone.status, phone.expireTime, now)}
            canvasRef={canvasRef(phone.userPhoneId)}
            onOpen={onOpen}
            onLongPress={onLongPress}
          />
        ))}
      </div>
      {pages > 1 && (
        <div className="cp-phone-grid__pager">
          <Button size="mini" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('phones.grid.previous')}
          </Button>
          <span>{t('phones.grid.page', { page: current + 1, pages })}</span>
          <Button size="mini" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('phones.grid.next')}
          </Button>
        </div>
      )}
    </div>
  );
}
