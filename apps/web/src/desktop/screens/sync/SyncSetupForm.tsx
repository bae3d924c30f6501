import { Alert, Button, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTROL_MAX_WINDOWS } from '@cloudphone/contracts/limits';
import { useSyncSetup } from '../../../features/sync/hooks/use-sync-setup';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState } from '../../components/Screen';

/**
 * A new sync session: the phones (ticked in the list already, when it comes from there), then the main
 * among them. `onStarted` gets the phones, main first, once the session runs.
 */
export function SyncSetupForm({
  initial,
  onStarted,
}: {
  initial?: readonly number[];
  onStarted: (mainFirst: number[]) => void;
}) {
  const { t } = useTranslation();
  const setup = useSyncSetup(initial);
  const { own, chosen, mainId } = setup;
  const start = async () => {
    if (mainId !== null && (await setup.start())) onStarted([mainId, ...chosen.filter((id) => id !== mainId)]);
  };
  return (
    <QueryState query={setup.phones} empty={own.length === 0} emptyText={t('sync.noPhones')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('sync.intro')}</Typography.Text>
        <Typography.Text strong>
          {t('sync.choose')} · {t('sync.chosen', { count: chosen.length, max: MAIN_CONTROL_MAX_WINDOWS })}
        </Typography.Text>
        <PhoneTable
          phones={own}
          selected={chosen}
          onSelect={(ids) => setup.setChosen(ids.slice(0, MAIN_CONTROL_MAX_WINDOWS))}
          unavailable={setup.unavailable}
        />
        {setup.ready ? (
          <>
            <Typography.Text strong>{t('sync.chooseMain')}</Typography.Text>
            <Radio.Group
              value={mainId}
              onChange={(e) => setup.setMain(Number(e.target.value))}
              options={own
                .filter((p) => chosen.includes(p.userPhoneId))
                .map((p) => ({ value: p.userPhoneId, label: p.name }))}
              data-testid="sync-main-choice"
            />
          </>
        ) : (
          <Alert type="info" showIcon message={t('desktop.sync.needTwo')} />
        )}
        <Button
          type="primary"
          disabled={!setup.ready}
          loading={setup.busy}
          onClick={() => void start()}
          data-testid="sync-start"
        >
          {t('sync.start')}
        </Button>
      </Space>
    </QueryState>
  );
}
