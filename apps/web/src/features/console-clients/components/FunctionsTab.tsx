import { App, List, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { call } from '../../../lib/api-client';
import { useClientChange } from '../api/clients';

/** A client's function switches: on at once; off after a confirmation, since its customers lose the entry. */
export function FunctionsTab({ client }: { client: AdminClient }) {
  const { t } = useTranslation('console');
  const { modal } = App.useApp();
  const change = useClientChange((next: { key: FunctionKey; enable: boolean }) =>
    call(clients.setFunction, { body: { clientId: client.clientId, ...next } }),
  );
  const switchTo = (key: FunctionKey, enable: boolean) => {
    if (enable) return change.mutate({ key, enable });
    void modal.confirm({
      title: t('clients.functionOffConfirm', { name: t(`clients.functionNames.${key}`) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => change.mutateAsync({ key, enable }),
    });
  };
  return (
    <List
      style={{ maxWidth: 480 }}
      dataSource={client.functions}
      renderItem={({ key, enable }) => (
        <List.Item
          extra={
            <Switch
              data-testid={`function-${key}`}
              checked={enable}
              loading={change.isPending && change.variables?.key === key}
              onChange={(next) => switchTo(key, next)}
            />
          }
        >
          {t(`clients.functionNames.${key}`)}
        </List.Item>
      )}
    />
  );
}
