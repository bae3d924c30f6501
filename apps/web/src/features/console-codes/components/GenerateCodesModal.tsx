import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PACKAGE_USAGES, type PackageUsage } from '@cloudphone/contracts/commerce';
import * as codes from '@cloudphone/contracts/endpoints/admin/codes';
import { call } from '../../../lib/api-client';

interface GenerateForm {
  packageId: number;
  usage: PackageUsage;
  count: number;
  validDays: number;
}

/** Makes a batch of codes for a package, then offers its CSV; closing it shows the batch in the list. */
export function GenerateCodesModal({
  packages,
  onDownload,
  onClose,
}: {
  packages: readonly { packageId: number; label: string }[];
  onDownload: (batchNo: string) => Promise<void>;
  onClose: (batchNo?: string) => void;
}) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<GenerateForm>();
  const [downloading, setDownloading] = useState(false);
  const generate = useMutation({ mutationFn: (body: GenerateForm) => call(codes.generate, { body }) });
  const made = generate.data;
  return (
    <Modal
      open
      title={t('codes.generate')}
      okText={t('codes.generate')}
      cancelText={t('common.cancel')}
      confirmLoading={generate.isPending}
      onOk={() => void form.validateFields().then((values) => generate.mutate(values))}
      onCancel={() => onClose(made?.batchNo)}
      footer={made ? null : undefined}
    >
      {made ? (
        <Result
          status="success"
          title={t('codes.generated', { batch: made.batchNo, count: made.codes.length })}
          extra={[
            <Button
              key="csv"
              type="primary"
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                void onDownload(made.batchNo).finally(() => setDownloading(false));
              }}
            >
              {t('codes.downloadCsv')}
            </Button>,
            <Button key="close" onClick={() => onClose(made.batchNo)}>
              {t('common.confirm')}
            </Button>,
          ]}
        />
      ) : (
        <Form<GenerateForm>
          form={form}
          layout="vertical"
          initialValues={{ packageId: packages[0]?.packageId, usage: 'both', count: 10, validDays: 365 }}
        >
          <Form.Item name="packageId" label={t('codes.package')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={packages.map((pkg) => ({ value: pkg.packageId, label: pkg.label }))}
            />
          </Form.Item>
          <Form.Item name="usage" label={t('codes.usage')}>
            <Select
              options={PACKAGE_USAGES.map((usage) => ({ value: usage, label: t(`catalogue.usages.${usage}`) }))}
            />
          </Form.Item>
          <Form.Item name="count" label={t('codes.count')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="validDays" label={t('codes.validDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
