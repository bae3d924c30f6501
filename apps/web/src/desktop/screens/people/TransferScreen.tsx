import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../work/TabbedScreen';
import { TransferForm } from '../work/transfer/TransferForm';
import { TransferRecords } from '../work/transfer/TransferRecords';

/**
 * Device transfer with launch and receive records (spec §2 desktop list): the transfer itself, then
 * the records of transfers launched and received, as tables.
 */
export default function TransferScreen() {
  const { t } = useTranslation();
  return (
    <TabbedScreen<'transfer' | 'out' | 'in'>
      title={t('desktop.menu.transfer')}
      tabs={(go) => [
        { key: 'transfer', label: t('transfer.entry'), children: <TransferForm onTransferred={() => go('out')} /> },
        { key: 'out', label: t('transfer.out'), children: <TransferRecords side="out" /> },
        { key: 'in', label: t('transfer.in'), children: <TransferRecords side="in" /> },
      ]}
    />
  );
}
