import { useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { nameSchema } from '@cloudphone/contracts/validation';
import { schemaRule } from '../../../../lib/form-rules';

interface MakeTemplateModalProps {
  /** The phones a template can be made of: the user's own. */
  phones: readonly UserPhone[];
  onSubmit: (userPhoneId: number, name: string) => Promise<void>;
  onClose: () => void;
}

interface MakeTemplateValues {
  userPhoneId: number;
  name: string;
}

/** Makes a template of one phone: which phone, and its name (1 to 20 characters, spec §5). */
export function MakeTemplateModal({ phones, onSubmit, onClose }: MakeTemplateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MakeTemplateValues>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(values.userPhoneId, nameSchema.parse(values.name));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('templates.make.title')}
      okText={t('templates.make.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'template-make-submit' }}
      confirmLoading={busy}
      // A refused request keeps the dialog open; the request layer has shown why.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('templates.make.hint')}</Typography.Paragraph>
      <Form<MakeTemplateValues>
        form={form}
        layout="vertical"
        onValuesChange={(changed: Partial<MakeTemplateValues>) => {
          // A template is named after its phone until the user names it.
          const phone = phones.find((p) => p.userPhoneId === changed.userPhoneId);
          if (phone && !form.isFieldTouched('name')) form.setFieldValue('name', phone.name);
        }}
      >
        <Form.Item
          name="userPhoneId"
          label={t('templates.make.phone')}
          rules={[{ required: true, message: t('templates.make.pickPhone') }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            options={phones.map((p) => ({ value: p.userPhoneId, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('templates.make.name')} rules={[schemaRule(nameSchema)]}>
          <Input placeholder={t('templates.make.namePlaceholder')} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
