import { Descriptions, Drawer, Empty, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isNoCustomerService, useCustomerService } from '../../../features/support/api/customer-service';
import { CONTACT_LABEL_KEYS, contactLink } from '../../../features/support/lib/contact-link';
import { QueryState } from '../../components/Screen';

/** Customer service (spec §1, §2): the merchant's QR code, link and hours; says so when there is none. */
export function CustomerServiceDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useCustomerService();
  const link = contact.data?.link;
  const reach = link ? contactLink(link) : null;
  return (
    <Drawer open size={400} title={t('routes.customerService')} onClose={onClose}>
      {isNoCustomerService(contact.error) ? (
        <Empty description={contact.error?.message} />
      ) : (
        <QueryState query={contact}>
          {contact.data && (
            <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="desk-customer-service">
              {contact.data.qrCodeUrl && (
                <Space orientation="vertical" align="center" style={{ width: '100%' }}>
                  <Image src={contact.data.qrCodeUrl} alt={t('support.qrAlt')} width={200} />
                  <Typography.Text type="secondary">{t('desktop.people.messages.qrHint')}</Typography.Text>
                </Space>
              )}
              <Descriptions column={1} size="small">
                {reach && (
                  <Descriptions.Item label={t(CONTACT_LABEL_KEYS[reach.kind])}>
                    <Typography.Link href={link} {...(reach.newTab && { target: '_blank', rel: 'noopener' })}>
                      {reach.text}
                    </Typography.Link>
                  </Descriptions.Item>
                )}
                {contact.data.workTime && (
                  <Descriptions.Item label={t('support.workTime')}>{contact.data.workTime}</Descriptions.Item>
                )}
              </Descriptions>
            </Space>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
