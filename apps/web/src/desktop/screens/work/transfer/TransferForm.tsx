import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GiveCheck } from '@cloudphone/contracts/transfers';
import { useTransfer } from '../../../../features/phones/hooks/use-transfer';
import { PhoneTable } from '../../../components/PhoneTable';
import { QueryState } from '../../../components/Screen';
import { rowAttributes } from '../row-attributes';
import { useConfirm } from '../../../components/use-confirm';

type CheckRow = GiveCheck['list'][number];

/**
 * Transfer device (spec §2, §9): choose phones, name the receiving account, check each phone against
 * the tenant's rules, then confirm; the phones leave this account.
 */
export function TransferForm({ onTransferred }: { onTransferred: () => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const [account, setAccount] = useState('');
  const transfer = useTransfer(selected, account, useConfirm());
  const { phones, checked } = transfer;
  const names = new Map(phones.phones.map((p) => [p.userPhoneId, p.name]));

  const submit = async () => {
    if (!(await transfer.submit())) return;
    setSelected([]);
    setAccount('');
    onTransferred();
  };

  return (
    <Form layout="vertical">
      <Form.Item label={t('transfer.choosePhones')}>
        <QueryState query={phones} empty={phones.phones.length === 0} emptyText={t('transfer.noPhones')}>
          <PhoneTable
            phones={phones.phones}
            loading={!phones.complete}
            selected={selected}
            onSelect={setSelected}
            unavailable={transfer.unavailable}
          />
        </QueryState>
      </Form.Item>
      <Form.Item label={t('transfer.account')} htmlFor="cp-transfer-account">
        <Input
          id="cp-transfer-account"
          style={{ maxWidth: 360 }}
          placeholder={t('transfer.accountPlaceholder')}
          value={account}
          maxLength={32}
          allowClear
          data-testid="transfer-account"
          onChange={(e) => setAccount(e.target.value)}
        />
      </Form.Item>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {transfer.rules && <Alert type="info" showIcon title={transfer.rules} />}
        {transfer.stale && <Alert type="warning" showIcon title={t('transfer.recheck')} />}
        {checked && (
          <Table<CheckRow>
            size="small"
            rowKey="userPhoneId"
            title={() => t('transfer.checkTitle')}
            dataSource={checked.list}
            pagination={false}
            onRow={(row) => rowAttributes({ 'data-testid': 'transfer-check', 'data-ok': row.ok })}
            columns={[
              {
                title: t('desktop.work.columns.phone'),
                dataIndex: 'userPhoneId',
                render: (id: number) => names.get(id) ?? id,
              },
              {
                title: t('desktop.work.columns.result'),
                key: 'result',
                render: (_, row) => (
                  <Typography.Text type={row.ok ? 'success' : 'danger'}>
                    {row.ok ? t('transfer.canTransfer') : row.reason}
                  </Typography.Text>
                ),
              },
            ]}
          />
        )}
        <Space>
          <Button
            loading={transfer.working === 'check'}
            disabled={!transfer.canCheck}
            data-testid="transfer-check-button"
            onClick={() => void transfer.runCheck()}
          >
            {t('transfer.check')}
          </Button>
          <Button
            type="primary"
            danger
            loading={transfer.working === 'transfer'}
            disabled={!transfer.canSubmit}
            data-testid="transfer-submit"
            onClick={() => void submit()}
          >
            {t('transfer.submit')}
          </Button>
        </Space>
      </Space>
    </Form>
  );
}
