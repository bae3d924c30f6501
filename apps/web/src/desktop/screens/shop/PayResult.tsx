import { useCallback } from 'react';
import { Button, Result, Typography, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayResult as PayResultKind } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { formatMoney } from '../../../lib/format-money';
import { usePaymentResult } from '../../../features/commerce/hooks/use-payment-result';
import { QueryState } from '../../components/Screen';
import { OrderFacts } from './OrderFacts';
import { useScreenLink } from './screen-link';

const RESULT_STATUS = {
  pending: 'info',
  success: 'success',
  closed: 'warning',
  refunded: 'info',
} as const satisfies Record<PayResultKind, ResultProps['status']>;

interface PayResultProps {
  orderNo: string;
  /** Back to paying an order whose payment is not known yet. */
  onContinue: () => void;
  onClose: () => void;
}

/**
 * How a payment went (spec §4): success, closed or refunded, asked for until known; then the phone
 * list shows the new or renewed phones, and a countdown returns there.
 */
export function PayResult({ orderNo, onContinue, onClose }: PayResultProps) {
  const { t } = useTranslation();
  const link = useScreenLink();
  const toPhones = useCallback(() => link(null), [link]);
  const { order, settled, secondsLeft, waitingForStock, refresh } = usePaymentResult(orderNo, toPhones);
  const data = order.data;

  return (
    <QueryState query={order}>
      {data && (
        <div data-testid="desk-pay-result" data-result={data.payResult} data-order-no={data.orderNo}>
          <Result
            status={RESULT_STATUS[data.payResult]}
            title={t(`commerce.result.${data.payResult}`)}
            subTitle={
              <>
                {waitingForStock ? errorMessage('stockShortage', currentLanguage()) : formatMoney(data.payPriceCents)}
                {settled && (
                  <Typography.Paragraph type="secondary" role="timer">
                    {t('commerce.result.returning', { seconds: secondsLeft })}
                  </Typography.Paragraph>
                )}
              </>
            }
            extra={[
              // Paid and delivered: the new (or renewed) phones are what the customer wants next (issue 22).
              data.payResult === 'success' && data.userPhoneIds.length > 0 && (
                <Button key="phones" type="primary" onClick={toPhones}>
                  {t('desktop.shop.result.toPhones')}
                </Button>
              ),
              <Button key="refresh" loading={order.isFetching} onClick={refresh}>
                {t('commerce.result.refresh')}
              </Button>,
              !settled && (
                <Button key="continue" onClick={onContinue}>
                  {t('commerce.result.continuePay')}
                </Button>
              ),
              <Button
                key="orders"
                onClick={() => {
                  onClose();
                  link('orders');
                }}
              >
                {t('commerce.result.orders')}
              </Button>,
            ]}
          />
          <OrderFacts order={data} />
        </div>
      )}
    </QueryState>
  );
}
