import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from '@cloudphone/contracts/messages';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as messages from '@cloudphone/contracts/endpoints/admin/messages';
import { LoadFailed } from '../../../components/console/SectionCard';
import { useConsoleList } from '../../../hooks/use-console-list';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';

type Sent = ReplyOf<typeof messages.sent>['list'][number];

interface BroadcastForm {
  to: 'all' | 'one';
  uid?: string;
  title: string;
  content: string;
}

/** A broadcast to every customer or one by UID (asked to confirm), and the ones sent: what, to how many, by whom. */
export function BroadcastTab() {
  const { t } = useTranslation('console');
  const { message, modal } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const [form] = Form.useForm<BroadcastForm>();
  const to = Form.useWatch('to', form);
  const { list, pagination } = useConsoleList<typeof messages.sent, object>('broadcasts', messages.sent);
  const send = useMutation({
    mutationFn: ({ uid, title, content, to: whom }: BroadcastForm) =>
      call(messages.broadcast, { body: { title, content, uid: whom === 'one' ? uid : undefined } }),
    onSuccess: async ({ recipients }) => {
      void message.success(t('messages.sent', { count: recipients }));
      form.resetFields();
      await queries.invalidateQueries({ queryKey: ['console', 'broadcasts'] });
    },
  });
  const confirm = (values: BroadcastForm) =>
    void modal.confirm({
      title: values.to === 'all' ? t('messages.confirmAll') : t('messages.confirmOne', { uid: values.uid }),
      okText: t('messages.send'),
      cancelText: t('common.cancel'),
      onOk: () => send.mutateAsync(values),
    });
  return (
    <>
      {mayWrite && (
        <Form<BroadcastForm>
          form={form}
          layout="vertical"
          initialValues={{ to: 'all' }}
          onFinish={confirm}
          style={{ maxWidth: 560, marginBottom: 24 }}
        >
          <Form.Item name="to" label={t('messages.to')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('messages.everyone') },
                { value: 'one', label: t('messages.oneCustomer') },
              ]}
            />
          </Form.Item>
          {to === 'one' && (
            <Form.Item name="uid" label={t('customers.userNo')} rules={[{ required: true, pattern: /^\d{1,12}$/ }]}>
              <Input maxLength={12} />
            </Form.Item>
          )}
          <Form.Item name="title" label={t('messages.title')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={MESSAGE_TITLE_MAX} />
          </Form.Item>
          <Form.Item name="content" label={t('messages.content')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={4} maxLength={MESSAGE_CONTENT_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('messages.send')}
          </Button>
        </Form>
      )}
      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <Table<Sent>
          rowKey={(row) => `${row.sentAt}-${row.title}`}
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={pagination}
          columns={[
            { title: t('messages.sentAt'), render: (_, row) => formatDateTime(row.sentAt) },
            { title: t('messages.title'), dataIndex: 'title' },
            { title: t('messages.content'), dataIndex: 'content', ellipsis: true },
            { title: t('messages.to'), render: (_, row) => (row.uid === null ? t('messages.everyone') : row.uid) },
            { title: t('messages.recipients'), dataIndex: 'recipients' },
            { title: t('messages.sentBy'), dataIndex: 'sentBy' },
          ]}
        />
      )}
    </>
  );
}
