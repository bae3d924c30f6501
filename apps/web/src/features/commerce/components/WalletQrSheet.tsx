import { Button, Popup } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { PayType } from '@cloudphone/contracts/commerce';

interface WalletQrSheetProps {
  payType: PayType;
  text: string;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * Desktop-style wallet payment: a QR code to scan with the wallet on the user's phone. The page
 * watches the order meanwhile and moves on by itself when the wallet's notice has paid it.
 */
export function WalletQrSheet({ payType, text, onPaid, onClose }: WalletQrSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible bodyClassName="cp-commerce-sheet" onMaskClick={onClose}>
      <h3 className="cp-commerce-sheet__title">
        {t('commerce.pay.scan', { method: t(`commerce.payType.${payType}`) })}
      </h3>
      <div className="cp-commerce-qr">
        <QRCodeSVG value={text} size={200} marginSize={2} title={t(`commerce.payType.${payType}`)} />
      </div>
      <p className="cp-commerce-note" role="status">
        {t('commerce.pay.waiting')}
      </p>
      <div className="cp-commerce-sheet__actions">
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button block color="primary" onClick={onPaid}>
          {t('commerce.pay.paid')}
        </Button>
      </div>
    </Popup>
  );
}
