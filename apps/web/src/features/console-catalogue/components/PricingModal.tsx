import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';
import { useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { GRADES_KEY, type AdminGrade } from '../api/grades';

interface PricingForm {
  dayPriceYuan: number;
  unlimited: boolean;
  stock?: number;
}

/** A grade's day price and stock; orders waiting for stock get their phones as it arrives. */
export function PricingModal({ grade, onClose }: { grade: AdminGrade; onClose: () => void }) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<PricingForm>();
  const unlimited = Form.useWatch('unlimited', form);
  const save = useMutation({
    mutationFn: (values: PricingForm) =>
      call(catalogue.gradePrice, {
        body: {
          gradeId: grade.gradeId,
          dayPriceCents: Math.round(values.dayPriceYuan * 100),
          stock: values.unlimited ? null : (values.stock ?? 0),
        },
      }),
    onSuccess: async () => {
      void message.success(t('catalogue.saved'));
      await queries.invalidateQueries({ queryKey: GRADES_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('catalogue.pricingTitle', { grade: localized(grade.name) })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      onCancel={onClose}
    >
      <Form<PricingForm>
        form={form}
        layout="vertical"
        initialValues={{
          dayPriceYuan: grade.dayPriceCents / 100,
          unlimited: grade.stock === null,
          stock: grade.stock ?? undefined,
        }}
      >
        <Form.Item name="dayPriceYuan" label={t('catalogue.dayPrice')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="unlimited" valuePropName="checked">
          <Checkbox>{t('catalogue.stockUnlimited')}</Checkbox>
        </Form.Item>
        <Form.Item name="stock" label={t('catalogue.stock')} rules={[{ required: !unlimited }]}>
          <InputNumber min={0} max={1_000_000} precision={0} disabled={unlimited} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
