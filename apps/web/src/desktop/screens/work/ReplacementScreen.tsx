import { useState } from 'react';
import { Alert, Button, Drawer, Radio, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPLACE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { ReplaceType } from '@cloudphone/contracts/replacement';
import { useReplacement } from '../../../features/phones/hooks/use-replacement';
import { replaceRefusal, withinReplaceMax } from '../../../features/phones/routes/replace-refusal';
import { useNow } from '../../../hooks/use-now';
import { useAllPhones } from '../../../lib/phone-pages';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState, Screen } from '../../components/Screen';
import { rowAttributes } from './row-attributes';
import { useConfirm } from '../../components/use-confirm';
import './work.css';
import { holdsFor } from '../../../lib/phone-rules';

/**
 * Device replacement (spec §2 desktop list, §4): choose up to 10 of the user's own phones, then in the
 * side panel without or with their data, what the server says of each, and — confirmed — the
 * replacement and each phone's outcome.
 */
export default function ReplacementScreen() {
  const { t } = useTranslation();
  const phones = useAllPhones();
  const now = useNow();
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [reviewing, setReviewing] = useState(false);
  // Only the user's own phones can be replaced (spec §6): those granted to them are not listed.
  const own = phones.phones.filter((p) => holdsFor(p, 'replace'));
  return (
    <Screen
      title={t('desktop.menu.replacement')}
      extra={
        <Button
          type="primary"
          disabled={selected.length === 0 || !phones.complete}
          data-testid="replace-next"
          onClick={() => setReviewing(true)}
        >
          {t('replacement.next', { count: selected.length })}
        </Button>
      }
    >
      <div className="cp-desk-work">
        <Alert
          type="info"
          showIcon
          title={t('replacement.intro')}
          description={t('replacement.pickHint', { max: REPLACE_MAX_DEVICES })}
        />
        <QueryState query={phones} empty={own.length === 0}>
          <PhoneTable
            phones={own}
            loading={!phones.complete}
            selected={selected}
            onSelect={(ids) => setSelected(withinReplaceMax(ids))}
            unavailable={(phone) => replaceRefusal(phone, now)}
          />
        </QueryState>
      </div>
      {reviewing && (
        <ReplaceDrawer
          userPhoneIds={selected}
          onClose={() => setReviewing(false)}
          onAgain={() => {
            setSelected([]);
            setReviewing(false);
          }}
        />
      )}
    </Screen>
  );
}

interface ReplaceRow {
  userPhoneId: number;
  name: string;
  ok: boolean;
  text: string;
}

function ReplaceDrawer({
  userPhoneIds,
  onClose,
  onAgain,
}: {
  userPhoneIds: readonly number[];
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const { replaceType, setReplaceType, preview, ready, nameOf, running, results, submit } = useReplacement(
    userPhoneIds,
    useConfirm(),
  );
  const rows: ReplaceRow[] = results
    ? results.map((r) => ({
        userPhoneId: r.userPhoneId,
        name: nameOf(r.userPhoneId),
        ok: r.ok,
        text: r.ok ? t('replacement.replaced') : (r.message ?? ''),
      }))
    : (preview.data?.list ?? []).map((p) => ({
        userPhoneId: p.userPhoneId,
        name: p.name || `#${p.userPhoneId}`,
        ok: p.replaceable,
        text: p.replaceable ? t('replacement.ready') : (p.reason ?? ''),
      }));
  return (
    <Drawer
      open
      size={640}
      title={t('replacement.phones', { count: userPhoneIds.length })}
      closable={!running}
      mask={{ closable: !running }}
      onClose={onClose}
      footer={
        results ? (
          <Button type="primary" onClick={onAgain}>
            {t('replacement.again')}
          </Button>
        ) : (
          <Button
            type="primary"
            danger
            loading={running}
            disabled={ready.length === 0 || running}
            data-testid="replace-submit"
            onClick={() => void submit()}
          >
            {t('replacement.submit', { count: ready.length })}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text strong>{t('replacement.type')}</Typography.Text>
        <Radio.Group
          value={replaceType}
          disabled={running || results !== null}
          onChange={(e) => setReplaceType(e.target.value as ReplaceType)}
          options={[
            { value: ReplaceType.withData, label: t('replacement.type2'), title: t('replacement.type2Note') },
            { value: ReplaceType.withoutData, label: t('replacement.type1'), title: t('replacement.type1Note') },
          ]}
        />
        <Typography.Text type="secondary">
          {t(replaceType === ReplaceType.withData ? 'replacement.type2Note' : 'replacement.type1Note')}
        </Typography.Text>
        <Spin spinning={running} description={t('replacement.running')}>
          <QueryState query={{ ...preview, isPending: false, error: results ? null : preview.error }}>
            <Table<ReplaceRow>
              size="small"
              rowKey="userPhoneId"
              loading={!results && preview.isLoading}
              dataSource={rows}
              pagination={false}
              onRow={(row) =>
                rowAttributes({ 'data-testid': results ? 'replace-result' : 'replace-phone', 'data-ok': row.ok })
              }
              columns={[
                { title: t('desktop.work.columns.phone'), dataIndex: 'name', ellipsis: true },
                {
                  title: t('desktop.work.columns.result'),
                  dataIndex: 'text',
                  render: (text: string, row) => (
                    <Typography.Text type={row.ok ? 'success' : 'danger'}>{text}</Typography.Text>
                  ),
                },
              ]}
            />
          </QueryState>
        </Spin>
      </Space>
    </Drawer>
  );
}
