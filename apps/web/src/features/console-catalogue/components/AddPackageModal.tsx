import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PACKAGE_USAGES, type PackageUsage } from '@cloudphone/contracts/commerce';
import * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';
import { useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { GRADES_KEY, type AdminGrade } from '../api/grades';

interface PackageForm {
  gradeId: number;
  nameZh: string;
  nameEn: string;
  durationDays: number;
  priceYuan: number;
  usage: PackageUsage;
  trial: boolean;
}

/** A new package of a grade: its names in both languages, days, price, usage and whether it is a trial. */
export function AddPackageModal({ grades, onClose }: { grades: readonly AdminGrade[]; onClose: () => void }) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<PackageForm>();
  const add = useMutation({
    mutationFn: (values: PackageForm) =>
      call(catalogue.addPackage, {
        body: {
          gradeId: values.gradeId,
          name: { 'zh-CN': values.nameZh, 'en-US': values.nameEn },
          durationDays: values.durationDays,
          priceCents: Math.round(values.priceYuan * 100),
          usage: values.usage,
          trial: values.trial,
        },
      }),
    onSuccess: async () => {
      void message.success(t('catalogue.added'));
      await queries.invalidateQueries({ queryKey: GRADES_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('catalogue.addPackage')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void form.validateFields().then((values) => add.mutate(values))}
      onCancel={onClose}
    >
      <Form<PackageForm>
        form={form}
        layout="vertical"
        initialValues={{ gradeId: grades[0]?.gradeId, usage: 'both', trial: false, durationDays: 30 }}
      >
        <Form.Item name="gradeId" label={t('catalogue.grade')} rules={[{ required: true }]}>
          <Select options={grades.map((grade) => ({ value: grade.gradeId, label: localized(grade.name) }))} />
        </Form.Item>
        <Form.Item name="nameZh" label={t('catalogue.nameZh')} rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('catalogue.nameEn')} rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="durationDays" label={t('catalogue.days')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="priceYuan" label={t('catalogue.price')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="usage" label={t('catalogue.usage')}>
          <Select options={PACKAGE_USAGES.map((usage) => ({ value: usage, label: t(`catalogue.usages.${usage}`) }))} />
        </Form.Item>
        <Form.Item name="trial" label={t('catalogue.trial')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
