import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_CONFIG_KEYS, type ClientConfigKey } from '@cloudphone/contracts/config-keys';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { call } from '../../../lib/api-client';
import { useClientChange } from '../api/clients';

/** A client's download, version and domain settings: the ones changed are saved, one entry each. */
export function SettingsTab({ client }: { client: AdminClient }) {
  const { t } = useTranslation('console');
  const save = useClientChange(async (values: Record<ClientConfigKey, string>) => {
    let saved = client;
    for (const key of CLIENT_CONFIG_KEYS) {
      const value = (values[key] ?? '').trim();
      if (value !== client.settings[key])
        saved = await call(clients.setSetting, { body: { clientId: client.clientId, key, value } });
    }
    return saved;
  });
  return (
    <Form<Record<ClientConfigKey, string>>
      key={client.clientId}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={client.settings}
      onFinish={(values) => save.mutate(values)}
    >
      {CLIENT_CONFIG_KEYS.map((key) => (
        // A key holds a dot: the field's name is a path of one, not a nested object.
        <Form.Item key={key} name={[key]} label={t(`clients.settingNames.${key}`)}>
          <Input maxLength={500} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
