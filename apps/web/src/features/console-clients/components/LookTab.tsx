import { Form, Image, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { THEME_NAMES, type ThemeName } from '@cloudphone/contracts/theme';
import { PictureUpload } from '../../../components/console/PictureUpload';
import { call } from '../../../lib/api-client';
import { useClientChange } from '../api/clients';

/** A client's theme and logo: each saved as it is chosen. */
export function LookTab({ client }: { client: AdminClient }) {
  const { t } = useTranslation('console');
  const theme = useClientChange((next: ThemeName) =>
    call(clients.setTheme, { body: { clientId: client.clientId, theme: next } }),
  );
  const logo = useClientChange((image: string) =>
    call(clients.setLogo, { body: { clientId: client.clientId, image } }),
  );
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item label={t('clients.theme')}>
        <Select<ThemeName>
          data-testid="client-theme"
          value={client.theme}
          loading={theme.isPending}
          onChange={(next) => theme.mutate(next)}
          options={THEME_NAMES.map((name) => ({ value: name, label: t(`clients.themes.${name}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('clients.logo')} extra={t('clients.logoHint')}>
        <Space align="center" size="large">
          {client.logoUrl ? (
            <Image src={client.logoUrl} width={64} height={64} style={{ objectFit: 'contain' }} preview={false} />
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
          <PictureUpload testId="client-logo" loading={logo.isPending} onPicked={(image) => logo.mutate(image)} />
        </Space>
      </Form.Item>
    </Form>
  );
}
