import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import * as customerService from '@cloudphone/contracts/endpoints/merchant/customer-service';
import { ERRORS } from '@cloudphone/contracts/errors';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { call } from '../../../lib/api-client';
import { RequestError } from '../../../lib/request';
import '../support.css';

/**
 * Customer service (spec §1 "contact customer service", §2's QR code view): the merchant's QR code,
 * link and working hours, as the admin CLI set them for this client; says so when there is none.
 */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const contact = useQuery({
    queryKey: ['customer-service'],
    queryFn: () => call(customerService.get, { silent: true }),
    retry: false,
  });
  if (contact.isPending) return <PageLoading />;
  if (contact.error) {
    const none = contact.error instanceof RequestError && contact.error.code === ERRORS.noCustomerService.code;
    if (none) return <PageEmpty description={contact.error.message} />;
    return <PageError message={contact.error.message} onRetry={() => void contact.refetch()} />;
  }
  const { qrCodeUrl, link, workTime } = contact.data;
  return (
    <div className="cp-support">
      {qrCodeUrl && (
        <figure className="cp-support__qr">
          <img src={qrCodeUrl} alt={t('support.qrAlt')} />
          <figcaption>{t('support.qrHint')}</figcaption>
        </figure>
      )}
      <List>
        {link && (
          <List.Item onClick={() => window.open(link, '_blank', 'noopener')} extra={link}>
            {t('support.link')}
          </List.Item>
        )}
        {workTime && <List.Item extra={workTime}>{t('support.workTime')}</List.Item>}
      </List>
    </div>
  );
}
