import { useState } from 'react';
import { Button, Form, Image, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { PictureUpload } from '../../../components/console/PictureUpload';
import { call } from '../../../lib/api-client';
import { useClientChange } from '../api/clients';

interface ServiceForm {
  link: string;
  workTime: string;
}

/** Where a client's customers reach its service: a QR code (kept unless a new one is chosen), a link, hours. */
export function ServiceTab({ client }: { client: AdminClient }) {
  const { t } = useTranslation('console');
  const [qr, setQr] = useState<{ base64: string; preview: string } | null>(null);
  const save = useClientChange((values: ServiceForm) =>
    call(clients.setCustomerService, { body: { clientId: client.clientId, ...values, qrImage: qr?.base64 } }),
  );
  const shown = qr?.preview ?? client.customerService.qrCodeUrl;
  return (
    <Form<ServiceForm>
      key={client.clientId}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ link: client.customerService.link, workTime: client.customerService.workTime }}
      onFinish={(values) => save.mutate(values, { onSuccess: () => setQr(null) })}
    >
      <Form.Item label={t('clients.qr')} extra={t('clients.qrHint')}>
        <Space align="center" size="large">
          {shown && <Image src={shown} width={96} height={96} style={{ objectFit: 'contain' }} preview={false} />}
          <PictureUpload
            testId="client-qr"
            onPicked={(base64, file) => setQr({ base64, preview: URL.createObjectURL(file) })}
          />
        </Space>
      </Form.Item>
      <Form.Item name="link" label={t('clients.link')} rules={[{ type: 'url' }]}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="workTime" label={t('clients.workTime')}>
        <Input maxLength={100} placeholder="9:00-21:00" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
