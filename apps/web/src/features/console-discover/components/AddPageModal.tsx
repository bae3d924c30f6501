import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CMS_PAGE_KINDS } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import type { Language, LocalizedText } from '@cloudphone/contracts/locale';
import { call } from '../../../lib/api-client';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { discoverKey } from '../api/discover';

interface PageForm {
  kind: (typeof CMS_PAGE_KINDS)[number];
  title: LocalizedText;
  summary: LocalizedText;
  content: LocalizedText;
  sort: number;
}

/**
 * A new article or single page in both languages, beside a preview at a phone's width through the app's
 * own sanitiser: what a customer's phone shows, scripts and handlers already gone.
 */
export function AddPageModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<PageForm>();
  const [shown, setShown] = useState<Language>('zh-CN');
  const title = Form.useWatch(['title', shown], form) as string | undefined;
  const content = Form.useWatch(['content', shown], form) as string | undefined;
  const preview = useMemo(() => sanitizeHtml(content ?? ''), [content]);
  const add = useMutation({
    mutationFn: (values: PageForm) => call(discover.addPage, { body: { clientId, ...values } }),
    onSuccess: async () => {
      void message.success(t('discover.pageAdded'));
      await queries.invalidateQueries({ queryKey: discoverKey('pages', clientId) });
      onClose();
    },
  });
  const required = [{ required: true, whitespace: true }];
  return (
    <Modal
      open
      width={1040}
      title={t('discover.addPage')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void form.validateFields().then((values) => add.mutate(values))}
      onCancel={onClose}
    >
      <Row gutter={24} wrap={false}>
        <Col flex="auto">
          <Form<PageForm>
            form={form}
            layout="vertical"
            initialValues={{ kind: 'article', sort: 0, summary: { 'zh-CN': '', 'en-US': '' } }}
          >
            <Form.Item name="kind" label={t('discover.kind')}>
              <Radio.Group
                options={(['article', 'page'] as const).map((kind) => ({
                  value: kind,
                  label: t(`discover.kinds.${kind}`),
                }))}
              />
            </Form.Item>
            <Form.Item name={['title', 'zh-CN']} label={t('clients.nameZh')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name={['title', 'en-US']} label={t('clients.nameEn')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name={['summary', 'zh-CN']} label={t('discover.summaryZh')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name={['summary', 'en-US']} label={t('discover.summaryEn')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name={['content', 'zh-CN']} label={t('clients.contentZh')} rules={required}>
              <Input.TextArea rows={5} maxLength={100_000} />
            </Form.Item>
            <Form.Item name={['content', 'en-US']} label={t('clients.contentEn')} rules={required}>
              <Input.TextArea rows={5} maxLength={100_000} />
            </Form.Item>
            <Form.Item name="sort" label={t('discover.sort')} extra={t('discover.sortHint')}>
              <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Form>
        </Col>
        <Col flex="none">
          <Segmented<Language>
            value={shown}
            onChange={setShown}
            options={[
              { value: 'zh-CN', label: '中文' },
              { value: 'en-US', label: 'English' },
            ]}
            style={{ marginBottom: 8 }}
          />
          <article className="cp-console-phone-preview" data-testid="page-preview">
            <h1>{title || t('discover.previewTitle')}</h1>
            <div dangerouslySetInnerHTML={{ __html: preview }} />
          </article>
        </Col>
      </Row>
    </Modal>
  );
}
