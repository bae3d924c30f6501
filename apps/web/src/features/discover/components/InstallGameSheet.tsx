import { Suspense, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Game } from '@cloudphone/contracts/discover';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { LazyPopup } from '../../../components/LazyPopup';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { useJoinedViews } from '../../../lib/joined-views';
import { useMyPhones } from '../../../lib/my-phones';
import { installGame } from '../api/discover';

/** Phones a game can go onto: not expired (a view-only grant is refused by the server, with why). */
const usable = (phone: UserPhone) => phone.status !== 'expired' && phone.expireTime > Date.now();

/**
 * Installs a game onto the phones the user picks: the game joins the user's library and is pushed and
 * installed there as any app is (issue 14), its progress per phone shown as it goes.
 */
export function InstallGameSheet({ game, onClose }: { game: Game | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { PushProgress } = useJoinedViews();
  const phones = useMyPhones();
  const selection = useSelection();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [installing, setInstalling] = useState(false);
  const list = useMemo(() => (phones.data ?? []).filter(usable), [phones.data]);
  const names = useMemo(() => new Map(list.map((p) => [p.userPhoneId, p.name])), [list]);

  const close = () => {
    setBatchId(null);
    selection.replace([]);
    onClose();
  };
  const install = async () => {
    if (!game) return;
    setInstalling(true);
    try {
      setBatchId((await installGame(game.id, selection.ids)).batchId);
    } catch {
      // The request layer has shown why.
    } finally {
      setInstalling(false);
    }
  };

  const body = () => {
    if (batchId)
      return (
        <Suspense fallback={<PageLoading />}>
          <h3 className="cp-game-sheet__title">{t('games.progressTitle')}</h3>
          <PushProgress batchId={batchId} phoneNames={names} />
          <Button block onClick={close}>
            {t('games.close')}
          </Button>
        </Suspense>
      );
    if (phones.isPending) return <PageLoading />;
    if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
    if (list.length === 0) return <PageEmpty description={t('games.noPhones')} />;
    return (
      <>
        <p className="cp-game-sheet__hint">{t('games.installHint')}</p>
        <PhonePicker
          phones={list}
          selected={selection.selected}
          onToggle={(phone) => selection.toggle(phone)}
          onToggleAll={(all) => selection.replace(all ? list.map((p) => p.userPhoneId) : [])}
        />
        <Button
          block
          color="primary"
          disabled={selection.ids.length === 0}
          loading={installing}
          onClick={() => void install()}
        >
          {t('games.installOn', { count: selection.ids.length })}
        </Button>
      </>
    );
  };

  return (
    <LazyPopup visible={game !== null} onMaskClick={batchId ? undefined : close} bodyClassName="cp-game-sheet">
      {game && (
        <section className="cp-game-sheet__body" aria-label={t('games.installTitle', { name: game.name })}>
          <h2 className="cp-game-sheet__name">{t('games.installTitle', { name: game.name })}</h2>
          {body()}
        </section>
      )}
    </LazyPopup>
  );
}
