import { Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agreementTypes, type AgreementType } from '@cloudphone/contracts/client';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import { call } from '../../../lib/api-client';
import { useClientChange } from '../api/clients';

interface AgreementForm {
  name: LocalizedText;
  content: LocalizedText;
}

const EMPTY: AgreementForm = { name: { 'zh-CN': '', 'en-US': '' }, content: { 'zh-CN': '', 'en-US': '' } };

/** A client's user agreement and privacy policy, each with its title and text in both languages. */
export function AgreementsTab({ client }: { client: AdminClient }) {
  const { t } = useTranslation('console');
  const [type, setType] = useState<AgreementType>(1);
  const kept = client.agreements.find((agreement) => agreement.type === type) ?? EMPTY;
  const save = useClientChange((values: AgreementForm) =>
    call(clients.setAgreement, { body: { clientId: client.clientId, type, ...values } }),
  );
  const required = [{ required: true, whitespace: true }];
  return (
    <>
      <Segmented<AgreementType>
        value={type}
        onChange={setType}
        options={(['user', 'privacy'] as const).map((name) => ({
          value: agreementTypes[name],
          label: t(`clients.agreementTypes.${name}`),
        }))}
        style={{ marginBottom: 16 }}
      />
      {/* A form per agreement: switching type shows that one's text, not the other's edits. */}
      <Form<AgreementForm>
        key={`${client.clientId}-${type}`}
        layout="vertical"
        initialValues={{ name: kept.name, content: kept.content }}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name={['name', 'zh-CN']} label={t('clients.nameZh')} rules={required}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name={['name', 'en-US']} label={t('clients.nameEn')} rules={required}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name={['content', 'zh-CN']} label={t('clients.contentZh')} rules={required}>
          <Input.TextArea rows={6} maxLength={100_000} />
        </Form.Item>
        <Form.Item name={['content', 'en-US']} label={t('clients.contentEn')} rules={required}>
          <Input.TextArea rows={6} maxLength={100_000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}
