import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as messages from '@cloudphone/contracts/endpoints/admin/messages';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { useOperatorMay } from '../../../stores/operator-session';

const FORWARD_KEY = ['console', 'analytics-forward'] as const;

/** Where the merchant's analytics events go besides this server: its own collector, or nowhere. */
export function AnalyticsTab() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const forward = useQuery({ queryKey: FORWARD_KEY, queryFn: () => call(messages.analyticsForward) });
  const save = useMutation({
    mutationFn: (url: string) => call(messages.setAnalyticsForward, { body: { url } }),
    onSuccess: (saved) => {
      queries.setQueryData(FORWARD_KEY, saved);
      void message.success(t(saved.url ? 'messages.forwardSaved' : 'messages.forwardOff'));
    },
  });
  if (forward.isError) return <LoadFailed onRetry={() => void forward.refetch()} />;
  if (!forward.data) return <Spin />;
  return (
    <Form<{ url: string }>
      key={forward.data.url}
      layout="vertical"
      disabled={!mayWrite}
      style={{ maxWidth: 560 }}
      initialValues={forward.data}
      onFinish={({ url }) => save.mutate(url)}
    >
      <Typography.Paragraph type="secondary">{t('messages.forwardHint')}</Typography.Paragraph>
      <Form.Item name="url" label={t('messages.collector')} rules={[{ required: true, type: 'url' }]}>
        <Input maxLength={500} placeholder="https://collector.example.com/events" />
      </Form.Item>
      {mayWrite && (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          {forward.data.url && (
            <Popconfirm
              title={t('messages.forwardOffConfirm')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => save.mutateAsync('')}
            >
              <Button danger>{t('messages.turnOff')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Form>
  );
}
