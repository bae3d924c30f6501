import { useState } from 'react';
import { Alert, Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NEW_MACHINE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { useBrands } from '../../../features/phones/api/new-machine';
import { useStartNewMachine } from '../../../features/phones/hooks/use-new-machine';
import { useAllPhones } from '../../../lib/phone-pages';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState } from '../../components/Screen';
import { NewMachineRecords } from './new-machine/NewMachineRecords';
import { TabbedScreen } from './TabbedScreen';
import { useConfirm } from '../../components/use-confirm';

/**
 * New machine with records (spec §1, §2 desktop list): choose phones and, if wished, a brand; after a
 * warning they get a random handset with new IMEI and serial, and their data is wiped.
 */
export default function NewMachineScreen() {
  const { t } = useTranslation();
  return (
    <TabbedScreen<'start' | 'records'>
      title={t('desktop.menu.newMachine')}
      tabs={(go) => [
        {
          key: 'start',
          label: t('newMachine.tabs.start'),
          children: <StartNewMachine onStarted={() => go('records')} />,
        },
        { key: 'records', label: t('newMachine.tabs.records'), children: <NewMachineRecords /> },
      ]}
    />
  );
}

function StartNewMachine({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const phones = useAllPhones();
  const brands = useBrands();
  const { working, start } = useStartNewMachine(useConfirm());
  const [selected, setSelected] = useState<number[]>([]);
  const [brand, setBrand] = useState<string | undefined>();
  const chosen = selected.filter((id) => phones.phones.some((p) => p.userPhoneId === id));

  return (
    <Form layout="vertical">
      <Alert type="warning" showIcon title={t('newMachine.warning')} style={{ marginBottom: 16 }} />
      <Form.Item label={t('newMachine.choosePhones', { count: NEW_MACHINE_MAX_DEVICES })}>
        <QueryState query={phones} empty={phones.phones.length === 0} emptyText={t('newMachine.noPhones')}>
          <PhoneTable phones={phones.phones} loading={!phones.complete} selected={selected} onSelect={setSelected} />
        </QueryState>
      </Form.Item>
      <Form.Item label={t('newMachine.brand')}>
        <Select<string>
          allowClear
          style={{ width: 260 }}
          loading={brands.isPending}
          status={brands.isError ? 'error' : undefined}
          value={brand}
          onChange={setBrand}
          placeholder={t('newMachine.anyBrand')}
          options={(brands.data ?? []).map((b) => ({ value: b, label: b }))}
          onOpenChange={(open) => void (open && brands.isError && brands.refetch())}
        />
      </Form.Item>
      <Button
        type="primary"
        danger
        loading={working}
        disabled={chosen.length === 0 || working}
        data-testid="new-machine-submit"
        onClick={() =>
          void start(chosen, brand).then((started) => {
            if (started) onStarted();
          })
        }
      >
        {t('newMachine.submit')}
      </Button>
    </Form>
  );
}
