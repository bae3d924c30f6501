import { useTranslation } from 'react-i18next';
import { useSyncSessions } from '../../../features/sync/api/sync';
import { QueryState, Screen } from '../../components/Screen';
import { askShell } from '../../shell-bridge';
import { SyncSessionPanel } from './SyncSessionPanel';
import { SyncSetupForm } from './SyncSetupForm';

/**
 * Sync management (spec §2's desktop list): the session under way, or choosing the phones and the
 * main of a new one. Inside the shell a new session's phones open as windows, arranged.
 */
export default function SyncScreen() {
  const { t } = useTranslation();
  const sessions = useSyncSessions();
  const session = sessions.data?.[0];
  return (
    <Screen title={t('desktop.menu.sync')}>
      <QueryState query={sessions}>
        {session ? (
          <SyncSessionPanel session={session} />
        ) : (
          <SyncSetupForm onStarted={(phones) => askShell({ type: 'openTogether', userPhoneIds: phones })} />
        )}
      </QueryState>
    </Screen>
  );
}
