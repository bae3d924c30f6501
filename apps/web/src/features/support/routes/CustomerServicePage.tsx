import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { isNoCustomerService, useCustomerService } from '../api/customer-service';
import { CONTACT_LABEL_KEYS, contactLink, openContactLink } from '../lib/contact-link';
import '../support.css';

/**
 * Customer service (spec §1 "contact customer service", §2's QR code view): the merchant's QR code,
 * link and working hours, as the admin CLI set them for this client; says so when there is none.
 */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const contact = useCustomerService();
  if (contact.isPending) return <PageLoading />;
  if (contact.error) {
    if (isNoCustomerService(contact.error)) return <PageEmpty description={contact.error.message} />;
    return <PageError message={contact.error.message} onRetry={() => void contact.refetch()} />;
  }
  const { qrCodeUrl, link, workTime } = contact.data;
  const reach = link ? contactLink(link) : null;
  return (
    <div className="cp-support">
      {qrCodeUrl && (
        <figure className="cp-support__qr">
          <img src={qrCodeUrl} alt={t('support.qrAlt')} />
          <figcaption>{t('support.qrHint')}</figcaption>
        </figure>
      )}
      <List>
        {reach && (
          <List.Item onClick={() => openContactLink(link)} extra={reach.text}>
            {t(CONTACT_LABEL_KEYS[reach.kind])}
          </List.Item>
        )}
        {workTime && <List.Item extra={workTime}>{t('support.workTime')}</List.Item>}
      </List>
    </div>
  );
}
