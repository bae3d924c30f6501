import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import * as orders from '@cloudphone/contracts/endpoints/admin/orders';
import { call } from '../../../lib/api-client';

/** A refund with its reason, after saying what it does: the order's phones end at once. */
export function RefundModal({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const refund = useMutation({
    mutationFn: (reason: string) => call(orders.refund, { body: { orderNo, reason } }),
    onSuccess: async () => {
      void message.success(t('orders.refunded'));
      await queries.invalidateQueries({ queryKey: ['console'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('orders.refundTitle', { orderNo })}
      okText={t('orders.refund')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={refund.isPending}
      onOk={() => void form.validateFields().then(({ reason }) => refund.mutate(reason))}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon title={t('orders.refundConfirm')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('orders.refundReason')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('orders.refundReason') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
