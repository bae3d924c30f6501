import { useState } from 'react';
import { App, Button, Form, Input, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADB_KEY_NAME_MAX, ADB_PUBLIC_KEY_MAX_LENGTH } from '@cloudphone/contracts/adb';
import type { AdbKey } from '@cloudphone/contracts/adb-access';
import { formatDateTime } from '../../lib/format-time';
import { useAdbKeys, useAddAdbKey, useDeleteAdbKey } from '../../features/adb/api/adb';

/** The account's ADB keys in the desktop's settings (issue 35): the list, adding one, removing one. */
export function AdbKeys() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const keys = useAdbKeys();
  const removing = useDeleteAdbKey();
  const adding = useAddAdbKey();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; publicKey: string }>();

  const remove = (key: AdbKey) =>
    modal.confirm({
      title: t('adb.keys.removeConfirm', { name: key.name }),
      okButtonProps: { danger: true },
      onOk: () => removing.mutateAsync(key.keyId),
    });
  const submit = (values: { name: string; publicKey: string }) =>
    adding.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        setOpen(false);
      },
    });

  return (
    <>
      <Typography.Paragraph type="secondary">{t('adb.keys.intro')}</Typography.Paragraph>
      <Table<AdbKey>
        rowKey="keyId"
        size="small"
        loading={keys.isPending}
        dataSource={keys.data ?? []}
        locale={{ emptyText: keys.isError ? keys.error.message : t('adb.keys.empty') }}
        pagination={false}
        columns={[
          { title: t('adb.keys.name'), dataIndex: 'name' },
          {
            title: t('adb.keys.fingerprint'),
            render: (_, key) => <Typography.Text code>SHA256:{key.fingerprint}</Typography.Text>,
          },
          { title: '', render: (_, key) => t('adb.keys.addedAt', { time: formatDateTime(key.createdAt) }) },
          {
            title: '',
            render: (_, key) => (
              <Button danger type="link" onClick={() => remove(key)}>
                {t('adb.keys.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Button type="primary" style={{ marginTop: 12 }} onClick={() => setOpen(true)}>
        {t('adb.keys.add')}
      </Button>
      <Modal
        open={open}
        title={t('adb.keys.add')}
        okText={t('adb.keys.add')}
        confirmLoading={adding.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={t('adb.keys.name')}
            rules={[{ required: true, whitespace: true, message: t('adb.keys.nameRequired') }]}
          >
            <Input placeholder={t('adb.keys.namePlaceholder')} maxLength={ADB_KEY_NAME_MAX} />
          </Form.Item>
          <Form.Item
            name="publicKey"
            label={t('adb.keys.publicKey')}
            rules={[{ required: true, whitespace: true, message: t('adb.keys.keyRequired') }]}
          >
            <Input.TextArea
              rows={5}
              placeholder={t('adb.keys.publicKeyPlaceholder')}
              maxLength={ADB_PUBLIC_KEY_MAX_LENGTH}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
