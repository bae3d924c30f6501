import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GRANT_PERMISSIONS } from '@cloudphone/contracts/grants';
import { GRANT } from '@cloudphone/contracts/limits';
import {
  grantRefusal,
  maxGrantDaysOf,
  type GrantDraft,
  type GrantMethod,
} from '../../../features/grants/lib/grant-form';
import { useAddGrants, type MadeGrant } from '../../../features/grants/hooks/use-add-grants';
import { useOwnPhones } from '../../../lib/my-phones';
import { notify } from '../../../stores/notifications';
import { useSession } from '../../../stores/session';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState } from '../../components/Screen';

const METHODS: readonly GrantMethod[] = ['account', 'code'];

/**
 * Adding grants (spec §4–§6): one or several of the user's own phones, to an account or as grant
 * codes, control or view, for days within every chosen phone's remaining time, the agreement ticked.
 * The grants feature checks and sends it, as the phone app's form does.
 */
export function AddGrantDrawer({ onClose, onMade }: { onClose: () => void; onMade: (made: MadeGrant[]) => void }) {
  const { t } = useTranslation();
  const clientNo = useParams().clientNo ?? '';
  const phones = useOwnPhones();
  const agreement = useSession((s) => s.aboutApp?.firstAgreement?.name);
  const [now] = useState(() => Date.now());
  const [chosen, setChosen] = useState<number[]>([]);
  const [draft, setDraft] = useState<GrantDraft>({ method: 'account', account: '', permission: 'view', days: '' });
  const [agreed, setAgreed] = useState(false);
  const { submit, problem, busy } = useAddGrants();
  const chosenPhones = useMemo(
    () => (phones.data ?? []).filter((p) => chosen.includes(p.userPhoneId)),
    [phones.data, chosen],
  );
  const maxDays = maxGrantDaysOf(chosenPhones, now);
  const change = (part: Partial<GrantDraft>) => setDraft((d) => ({ ...d, ...part }));

  const send = async () => {
    const made = await submit(chosenPhones, draft, agreed, now);
    if (made.length === 0) return;
    notify(
      draft.method === 'account' && made.length === 1
        ? t('grants.form.granted', { account: draft.account.trim() })
        : t('desktop.people.grants.made', { count: made.length }),
      'success',
    );
    onMade(made);
  };

  return (
    <Drawer
      open
      size={760}
      title={t('grants.add')}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={phones.data?.length === 0}
            data-testid="desk-grant-submit"
            onClick={() => void send()}
          >
            {t('grants.form.submit')}
          </Button>
        </Space>
      }
    >
      <QueryState query={phones} empty={phones.data?.length === 0} emptyText={t('grants.form.noPhones')}>
        <Form layout="vertical" data-testid="desk-grant-form">
          <Form.Item label={t('grants.form.phone')} extra={t('desktop.people.grants.chooseHint')}>
            <PhoneTable
              phones={phones.data ?? []}
              selected={chosen}
              onSelect={setChosen}
              unavailable={(phone) => {
                const refusal = grantRefusal(phone, now);
                return refusal && t(`grants.form.${refusal}`);
              }}
            />
          </Form.Item>
          <ButtonChoice
            label={t('grants.form.method')}
            value={draft.method}
            onChange={(method) => change({ method })}
            options={METHODS.map((m) => ({
              value: m,
              label: t(m === 'account' ? 'grants.form.byAccount' : 'grants.form.byCode'),
            }))}
          />
          {draft.method === 'account' && (
            <Form.Item label={t('grants.form.account')}>
              <Input
                value={draft.account}
                onChange={(e) => change({ account: e.target.value })}
                placeholder={t('grants.form.accountPlaceholder')}
                maxLength={32}
                autoComplete="off"
                style={{ width: 280 }}
                data-testid="desk-grant-account"
              />
            </Form.Item>
          )}
          <ButtonChoice
            label={t('grants.form.permission')}
            value={draft.permission}
            onChange={(permission) => change({ permission })}
            options={GRANT_PERMISSIONS.map((p) => ({ value: p, label: t(`grants.permission.${p}`) }))}
            extra={t(`grants.allows.${draft.permission}`)}
          />
          <Form.Item
            label={t('grants.form.days')}
            extra={chosenPhones.length > 0 && t('grants.form.daysHint', { max: maxDays })}
          >
            <InputNumber
              precision={0}
              value={draft.days === '' ? null : Number(draft.days)}
              onChange={(days) => change({ days: days === null ? '' : String(days) })}
              placeholder={t('grants.form.daysPlaceholder', { max: maxDays || GRANT.maxDays })}
              style={{ width: 200 }}
              data-testid="desk-grant-days"
            />
          </Form.Item>
          {problem && <Alert type="error" showIcon title={problem} role="alert" data-testid="desk-grant-problem" />}
          <Form.Item>
            <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="desk-grant-agree">
              {t('grants.form.agree')}
            </Checkbox>
            <Typography.Link href={`/app/user-agreement/${clientNo}`} target="_blank">
              《{agreement ?? t('routes.userAgreement')}》
            </Typography.Link>
          </Form.Item>
        </Form>
      </QueryState>
    </Drawer>
  );
}

/** One of a few values, as buttons side by side. */
function ButtonChoice<V extends string>({
  label,
  value,
  options,
  onChange,
  extra,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  /** A line under the choice (what the chosen permission allows). */
  extra?: string;
}) {
  return (
    <Form.Item label={label} extra={extra}>
      <Radio.Group
        optionType="button"
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        options={options}
      />
    </Form.Item>
  );
}
