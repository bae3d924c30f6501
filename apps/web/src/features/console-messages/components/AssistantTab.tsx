import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as messages from '@cloudphone/contracts/endpoints/admin/messages';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { useOperatorMay } from '../../../stores/operator-session';

const ASSISTANT_KEY = ['console', 'assistant'] as const;

interface AssistantForm {
  url: string;
  model: string;
  key?: string;
}

/**
 * The message centre's AI assistant: an OpenAI-compatible endpoint, its model and key (written, never
 * shown; left empty it stays), turned off after a confirmation, and asked a test question as a customer would.
 */
export function AssistantTab() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const assistant = useQuery({ queryKey: ASSISTANT_KEY, queryFn: () => call(messages.assistant) });
  const save = useMutation({
    mutationFn: (body: AssistantForm) => call(messages.setAssistant, { body: { ...body, key: body.key || undefined } }),
    onSuccess: (saved) => {
      queries.setQueryData(ASSISTANT_KEY, saved);
      void message.success(t(saved.url ? 'messages.assistantSaved' : 'messages.assistantOff'));
    },
  });
  const test = useMutation({
    mutationFn: (question: string) => call(messages.testAssistant, { body: { question } }),
  });
  if (assistant.isError) return <LoadFailed onRetry={() => void assistant.refetch()} />;
  if (!assistant.data) return <Spin />;
  const on = assistant.data.url !== '';
  return (
    <Space direction="vertical" size="large" style={{ maxWidth: 560, width: '100%' }}>
      <Tag color={on ? 'green' : 'default'}>{t(on ? 'messages.on' : 'messages.off')}</Tag>
      <Form<AssistantForm>
        key={JSON.stringify(assistant.data)}
        layout="vertical"
        disabled={!mayWrite}
        initialValues={{ url: assistant.data.url, model: assistant.data.model }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="url" label={t('messages.assistantUrl')} rules={[{ required: true, type: 'url' }]}>
          <Input maxLength={500} placeholder="https://api.example.com/v1" />
        </Form.Item>
        <Form.Item name="model" label={t('messages.model')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="key" label={t('messages.key')}>
          <Input.Password
            autoComplete="new-password"
            placeholder={assistant.data.keySet ? t('wallets.secretKept') : undefined}
          />
        </Form.Item>
        {mayWrite && (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            {on && (
              <Popconfirm
                title={t('messages.assistantOffConfirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => save.mutateAsync({ url: '', model: '' })}
              >
                <Button danger>{t('messages.turnOff')}</Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </Form>
      {on && mayWrite && (
        <div>
          <Typography.Title level={5}>{t('messages.test')}</Typography.Title>
          <Input.Search
            enterButton={t('messages.ask')}
            maxLength={500}
            placeholder={t('messages.testPlaceholder')}
            loading={test.isPending}
            onSearch={(question) => question.trim() && test.mutate(question.trim())}
          />
          {test.data && <Alert style={{ marginTop: 12 }} type="info" message={test.data.answer} />}
        </div>
      )}
    </Space>
  );
}
