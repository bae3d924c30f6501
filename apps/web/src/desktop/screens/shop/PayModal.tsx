import { useState } from 'react';
import { Alert, Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order, PayType } from '@cloudphone/contracts/commerce';
import { ACTIVATION_CODE_LENGTH } from '@cloudphone/contracts/promotion';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { formatMoney } from '../../../lib/format-money';
import { usePayment } from '../../../features/commerce/hooks/use-payment';
import { QueryState } from '../../components/Screen';
import { useConfirmCancelOrder } from './confirm-cancel';
import { OrderFacts } from './OrderFacts';
import { PayResult } from './PayResult';
import { QrPayment } from './QrPayment';

/** Paying an order, then how the payment went, in one dialog over the screen it was placed from. */
export function PayModal({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<'pay' | 'result'>('pay');
  return (
    <Modal
      open
      title={stage === 'pay' ? t('desktop.shop.pay.title') : t('routes.paymentResult')}
      footer={null}
      width={640}
      mask={{ closable: false }}
      onCancel={onClose}
    >
      {stage === 'pay' ? (
        <PayStep orderNo={orderNo} onResult={() => setStage('result')} />
      ) : (
        <PayResult orderNo={orderNo} onContinue={() => setStage('pay')} onClose={onClose} />
      )}
    </Modal>
  );
}

/**
 * The order, the time left to pay it and the ways to pay it (spec §3): simulated pay, a wallet's QR
 * code to scan, or an activation code; or cancelling it, asked first.
 */
function PayStep({ orderNo, onResult }: { orderNo: string; onResult: () => void }) {
  const { t } = useTranslation();
  const confirmCancel = useConfirmCancelOrder();
  // A computer shows a wallet's QR code; a wallet without one opens its page beside the desktop.
  const payment = usePayment(orderNo, {
    onPhone: false,
    onResult,
    openWallet: (url) => window.open(url, '_blank', 'noopener'),
  });
  const { order, methods, offered, method, busy } = payment;

  const cancel = () => confirmCancel(payment.cancel);

  const form = (current: Order) => (
    <>
      <div className="cp-desk-pay__head">
        <span className="cp-desk-pay__amount">{formatMoney(current.payPriceCents)}</span>
        <Typography.Text type="secondary" role="timer">
          {t('commerce.pay.payWithin', { time: payment.timeLeft })}
        </Typography.Text>
      </div>
      <OrderFacts order={current} />
      {payment.qrText && method ? (
        <QrPayment
          orderNo={current.orderNo}
          payType={method.payType}
          text={payment.qrText}
          onPaid={onResult}
          onClose={payment.closeQr}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Typography.Text strong>{t('commerce.pay.method')}</Typography.Text>
          {offered.length === 0 ? (
            <Alert type="error" showIcon title={errorMessage('payMethodUnavailable', currentLanguage())} />
          ) : (
            <Radio.Group
              aria-label={t('commerce.pay.method')}
              value={method?.payType}
              onChange={(e) => payment.chooseMethod(e.target.value as PayType)}
              options={offered.map((m) => ({ value: m.payType, label: t(`commerce.payType.${m.payType}`) }))}
            />
          )}
          {method?.payType === 'activation_code' && (
            <Input
              value={payment.code}
              onChange={(e) => payment.setCode(e.target.value)}
              maxLength={ACTIVATION_CODE_LENGTH}
              placeholder={t('commerce.pay.codePlaceholder')}
              aria-label={t('commerce.pay.codePlaceholder')}
              autoComplete="off"
              style={{ maxWidth: 320 }}
            />
          )}
          <Space>
            <Button
              type="primary"
              data-testid="desk-pay-submit"
              disabled={!method}
              loading={busy}
              onClick={() => void payment.pay()}
            >
              {t('commerce.pay.submit', { amount: formatMoney(current.payPriceCents) })}
            </Button>
            <Button danger disabled={busy} onClick={cancel}>
              {t('commerce.pay.cancelOrder')}
            </Button>
          </Space>
        </Space>
      )}
      <Modal
        open={payment.simulateToken !== null}
        title={t('commerce.pay.simulatedTitle', { amount: formatMoney(current.payPriceCents) })}
        mask={{ closable: false }}
        closable={false}
        okText={t('commerce.pay.simulatedPay')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        cancelButtonProps={{ disabled: busy }}
        onOk={() => void payment.simulate('success')}
        onCancel={() => void payment.simulate('cancel')}
      >
        <Typography.Paragraph>{t('commerce.pay.simulatedNote')}</Typography.Paragraph>
      </Modal>
    </>
  );

  return (
    <QueryState query={order}>
      <QueryState query={methods}>{order.data && methods.data && form(order.data)}</QueryState>
    </QueryState>
  );
}
