import { PageError, PageLoading } from '../../../components/PageState';
import { useSyncSessions } from '../api/sync';
import { SyncSessionView } from '../components/SyncSessionView';
import { SyncSetup } from '../components/SyncSetup';
import '../sync.css';

/**
 * Sync control (spec §1, issue 26): the user's session under way — found again after a reload — or
 * choosing the phones and the main of a new one.
 */
export default function SyncControlPage() {
  const sessions = useSyncSessions();
  if (sessions.isPending) return <PageLoading />;
  if (sessions.error) return <PageError message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  const [session] = sessions.data;
  return session ? <SyncSessionView session={session} /> : <SyncSetup />;
}
