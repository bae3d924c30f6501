import { useState } from 'react';
import { Button, Card, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REDEEM_CODE_MAX_LENGTH } from '@cloudphone/contracts/limits';
import { COUPON_STATES, type Coupon, type CouponState } from '@cloudphone/contracts/promotion';
import { formatDate } from '../../../lib/format-time';
import { useCoupons } from '../../../features/commerce/api/coupons';
import { couponCondition, couponShelfNote, couponValue } from '../../../features/commerce/lib/coupon-terms';
import { useGiftBagClaim, useRedeemCode } from '../../../features/commerce/hooks/use-coupon-actions';
import { QueryState, Screen } from '../../components/Screen';
import './shop.css';

/** Coupons and the offer bag (spec §1, §4): the gift bag, redeeming a code, and the coupons by state. */
export default function CouponsScreen() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const [state, setState] = useState<CouponState>('unused');
  const inState = (s: CouponState) => (coupons.data ?? []).filter((c) => c.state === s);

  return (
    <Screen title={t('desktop.menu.coupons')}>
      <div className="cp-desk-shop">
        <Space wrap align="start" size="middle">
          <GiftBag />
          <RedeemCode />
        </Space>
        <Tabs
          activeKey={state}
          onChange={(key) => setState(key as CouponState)}
          items={COUPON_STATES.map((s) => ({
            key: s,
            label: t('commerce.coupon.stateCount', {
              state: t(`commerce.coupon.state.${s}`),
              count: inState(s).length,
            }),
          }))}
        />
        <QueryState query={coupons} empty={inState(state).length === 0} emptyText={t('commerce.coupon.empty')}>
          <div className="cp-desk-coupons">
            {inState(state).map((c) => (
              <CouponTile key={c.couponId} coupon={c} />
            ))}
          </div>
        </QueryState>
      </div>
    </Screen>
  );
}

/** A coupon as the user reads it: what it gives, what order it needs, until when (or from when). */
function CouponTile({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const { dimmed, note } = couponShelfNote(coupon, Date.now(), t);
  return (
    <Card size="small" className={`cp-desk-coupon${dimmed ? ' cp-desk-coupon--dimmed' : ''}`} data-testid="desk-coupon">
      <div className="cp-desk-coupon__value">
        <strong>{couponValue(coupon, t)}</strong>
        <span>{t(`commerce.coupon.kind.${coupon.kind}`)}</span>
      </div>
      <div className="cp-desk-coupon__body">
        <Typography.Text strong>{coupon.name}</Typography.Text>
        <Typography.Text type="secondary">{couponCondition(coupon, t)}</Typography.Text>
        <Typography.Text type={note ? 'warning' : 'secondary'}>
          {note ?? t('commerce.coupon.validUntil', { date: formatDate(coupon.validUntil) })}
        </Typography.Text>
      </div>
    </Card>
  );
}

/** The tenant's gift bag, claimed once per account; nothing when the tenant has none. */
function GiftBag() {
  const { t } = useTranslation();
  const { bag, shown, claiming, claim } = useGiftBagClaim();
  if (!bag || !shown) return null;
  return (
    <Card size="small" title={t('commerce.giftBag.title')} style={{ width: 360 }}>
      <Space orientation="vertical">
        <Space wrap>
          {bag.coupons.map((c, i) => (
            <Tag key={i} color="blue">
              {c.name}
            </Tag>
          ))}
        </Space>
        <Button type="primary" disabled={!bag.available} loading={claiming} onClick={() => void claim()}>
          {bag.available ? t('commerce.giftBag.claim') : t('commerce.giftBag.claimed')}
        </Button>
      </Space>
    </Card>
  );
}

/** A redeem code (spec §5: up to 20 letters or digits) turns into coupons. */
function RedeemCode() {
  const { t } = useTranslation();
  const { code, setCode, problem, busy, redeem } = useRedeemCode();
  return (
    <Card size="small" title={t('desktop.shop.coupons.redeemTitle')} style={{ width: 360 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => void redeem()}
          maxLength={REDEEM_CODE_MAX_LENGTH}
          placeholder={t('commerce.redeem.placeholder')}
          aria-label={t('commerce.redeem.placeholder')}
          autoComplete="off"
          status={problem ? 'error' : undefined}
        />
        <Button type="primary" loading={busy} onClick={() => void redeem()}>
          {t('commerce.redeem.submit')}
        </Button>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Card>
  );
}
