import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUPON_KINDS, type CouponKind } from '@cloudphone/contracts/promotion';
import * as customers from '@cloudphone/contracts/endpoints/admin/customers';
import { call } from '../../../lib/api-client';

interface CouponForm {
  kind: CouponKind;
  nameZh: string;
  nameEn: string;
  amountYuan?: number;
  ratePercent?: number;
  extensionDays?: number;
  minAmountYuan?: number;
  validDays: number;
}

/** A coupon for one customer, as `coupon:give` makes it: cash off, a discount, or days added. */
export function GiveCouponModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<CouponForm>();
  const kind = Form.useWatch('kind', form);
  const cents = (yuan: number | undefined) => Math.round((yuan ?? 0) * 100);
  const give = useMutation({
    mutationFn: (values: CouponForm) =>
      call(customers.giveCoupon, {
        body: {
          userId,
          coupon: {
            kind: values.kind,
            name: { 'zh-CN': values.nameZh, 'en-US': values.nameEn },
            amountCents: cents(values.amountYuan),
            ratePercent: values.ratePercent ?? 100,
            extensionDays: values.extensionDays ?? 0,
            minAmountCents: cents(values.minAmountYuan),
            validDays: values.validDays,
          },
        },
      }),
    onSuccess: async () => {
      void message.success(t('customers.couponGiven'));
      await queries.invalidateQueries({ queryKey: ['console', 'audit'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('customers.giveCoupon')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={give.isPending}
      onOk={() => void form.validateFields().then((values) => give.mutate(values))}
      onCancel={onClose}
    >
      <Form<CouponForm> form={form} layout="vertical" initialValues={{ kind: 'cash', validDays: 30 }}>
        <Form.Item name="kind" label={t('customers.couponKind')}>
          <Select options={COUPON_KINDS.map((k) => ({ value: k, label: t(`customers.couponKinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="nameZh" label={t('catalogue.nameZh')} rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('catalogue.nameEn')} rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        {kind === 'cash' && (
          <Form.Item name="amountYuan" label={t('customers.amount')} rules={[{ required: true }]}>
            <InputNumber min={0.01} max={100_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'discount' && (
          <Form.Item name="ratePercent" label={t('customers.rate')} rules={[{ required: true }]}>
            <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'extension' && (
          <Form.Item name="extensionDays" label={t('customers.extensionDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="minAmountYuan" label={t('customers.minAmount')}>
          <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="validDays" label={t('customers.validDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
