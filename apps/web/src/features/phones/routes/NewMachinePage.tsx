import { useState } from 'react';
import { Button, DotLoading, InfiniteScroll, Selector, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NEW_MACHINE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useBrands, useNewMachinePages } from '../api/new-machine';
import { useStartNewMachine } from '../hooks/use-new-machine';
import { useAllPhones } from '../../../lib/phone-pages';
import { NewMachineRecordCard } from '../components/NewMachineRecordCard';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';
import '../transfer.css';

type Tab = 'start' | 'records';

/**
 * One-key new machine (spec §1, §2 newMachine): choose phones and, if wished, a brand; after a warning
 * they get a random handset with new IMEI and serial and their data is wiped. The records show each
 * phone's identity before and after.
 */
export default function NewMachinePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('start');
  return (
    <div className="cp-groups-page">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)}>
        <Tabs.Tab key="start" title={t('newMachine.tabs.start')} />
        <Tabs.Tab key="records" title={t('newMachine.tabs.records')} />
      </Tabs>
      {tab === 'start' ? <StartNewMachine onStarted={() => setTab('records')} /> : <Records />}
    </div>
  );
}

const ANY = '';

function StartNewMachine({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const phones = useAllPhones();
  const brands = useBrands();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [brand, setBrand] = useState(ANY);
  const { working, start: startNewMachine } = useStartNewMachine(confirmAction);
  const chosen = selection.ids.filter((id) => phones.phones.some((p) => p.userPhoneId === id));

  const start = async () => {
    if (await startNewMachine(chosen, brand)) onStarted();
  };

  if (phones.isPending) return <PageLoading />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  const brandOptions = [
    { label: t('newMachine.anyBrand'), value: ANY },
    ...(brands.data ?? []).map((b) => ({ label: b, value: b })),
  ];
  return (
    <>
      <div className="cp-groups-page__body">
        <h3 className="cp-section-title cp-transfer__head">
          {t('newMachine.choosePhones', { count: NEW_MACHINE_MAX_DEVICES })}
        </h3>
        {phones.phones.length === 0 ? (
          <PageEmpty description={t('newMachine.noPhones')} />
        ) : (
          <PhonePicker
            phones={phones.phones}
            selected={selection.selected}
            onToggle={selection.toggle}
            onToggleAll={(all) => selection.replace(all ? phones.phones.map((p) => p.userPhoneId) : [])}
          />
        )}
        <h3 className="cp-section-title cp-section-title--padded">{t('newMachine.brand')}</h3>
        {brands.isError ? (
          <PageError message={brands.error.message} onRetry={() => void brands.refetch()} />
        ) : (
          <Selector
            className="cp-new-machine__brands"
            columns={3}
            options={brandOptions}
            value={[brand]}
            onChange={(value) => setBrand(value[0] ?? ANY)}
          />
        )}
        <p className="cp-new-machine__warning" role="note">
          {t('newMachine.warning')}
        </p>
      </div>
      <div className="cp-groups-page__footer">
        <Button
          block
          color="danger"
          loading={working}
          disabled={chosen.length === 0 || working}
          onClick={() => void start()}
        >
          {t('newMachine.submit')}
        </Button>
      </div>
    </>
  );
}

function Records() {
  const { t } = useTranslation();
  const pages = useNewMachinePages();
  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const records = pages.data.pages.flatMap((p) => p.list);
  if (records.length === 0) return <PageEmpty description={t('newMachine.empty')} />;
  return (
    <div className="cp-groups-page__body cp-record-list">
      {records.map((record) => (
        <NewMachineRecordCard key={record.id} record={record} />
      ))}
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('newMachine.listEnd'))}
      </InfiniteScroll>
    </div>
  );
}
