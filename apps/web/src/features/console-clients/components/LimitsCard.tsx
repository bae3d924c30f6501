import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMIT_CONFIG_KEYS, type LimitConfigKey } from '@cloudphone/contracts/config-keys';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { call } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../api/clients';

/** The merchant's limits (spec §9), for all its clients: the ones changed are saved. */
export function LimitsCard({ limits }: { limits: Record<string, number> }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: async (values: Record<LimitConfigKey, number>) => {
      for (const key of LIMIT_CONFIG_KEYS)
        if (values[key] !== limits[key]) await call(clients.setLimit, { body: { key, value: values[key] } });
    },
    onSuccess: () => void message.success(t('clients.saved')),
    onSettled: () => void queries.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
  return (
    <Card title={t('clients.limits')} extra={t('clients.limitsHint')} style={{ marginTop: 16 }}>
      <Form<Record<LimitConfigKey, number>>
        layout="vertical"
        initialValues={limits}
        onFinish={(values) => save.mutate(values)}
        className="cp-console-limits"
      >
        {LIMIT_CONFIG_KEYS.map((key) => (
          <Form.Item key={key} name={[key]} label={t(`clients.limitNames.${key}`)} rules={[{ required: true }]}>
            <InputNumber min={0} max={10_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
