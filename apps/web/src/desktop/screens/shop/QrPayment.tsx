import { Button, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { PayType } from '@cloudphone/contracts/commerce';

interface QrPaymentProps {
  orderNo: string;
  payType: PayType;
  /** What the wallet reads from the code. */
  text: string;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * A wallet payment on a computer: the QR code to scan with the wallet on the user's phone. The order is
 * watched meanwhile, and the payment moves on to its result by itself once the wallet's notice paid it.
 */
export function QrPayment({ orderNo, payType, text, onPaid, onClose }: QrPaymentProps) {
  const { t } = useTranslation();
  const method = t(`commerce.payType.${payType}`);
  return (
    <div className="cp-desk-qr">
      <Typography.Title level={5}>{t('commerce.pay.scan', { method })}</Typography.Title>
      <div data-testid="desk-pay-qr" data-order-no={orderNo} data-pay-type={payType}>
        <QRCodeSVG value={text} size={220} marginSize={2} title={method} />
      </div>
      <Typography.Text type="secondary" role="status">
        {t('commerce.pay.waiting')}
      </Typography.Text>
      <Space>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button type="primary" onClick={onPaid}>
          {t('commerce.pay.paid')}
        </Button>
      </Space>
    </div>
  );
}
