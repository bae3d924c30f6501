import { useState } from 'react';
import { Button, SearchBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MoreOnScroll } from '../../../components/MoreOnScroll';
import type { Game } from '@cloudphone/contracts/discover';
import { errorMessage } from '@cloudphone/contracts/errors';
import { Icon } from '../../../components/icons';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { SEARCH_DELAY_MS, useSettled } from '../../../hooks/use-settled';
import { formatSize } from '../../../lib/format-size';
import { currentLanguage } from '../../../lib/i18n/index';
import { useGames, usePinGame } from '../api/discover';
import { InstallGameSheet } from '../components/InstallGameSheet';
import '../discover.css';

/**
 * The game channel (spec §2) with game customisation: the merchant's games, the user's pinned ones
 * first; a game installs onto the phones the user picks.
 */
export default function GameListPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DELAY_MS);
  const pages = useGames(search);
  const pin = usePinGame();
  const [installing, setInstalling] = useState<Game | null>(null);

  const togglePin = (game: Game) =>
    pin.mutate(
      { gameId: game.id, pinned: !game.pinned },
      { onSuccess: () => void Toast.show({ content: t(game.pinned ? 'games.unpinDone' : 'games.pinDone') }) },
    );

  const body = () => {
    if (pages.isPending) return <PageLoading />;
    if (pages.error && !pages.data)
      return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
    const games = pages.data.pages.flatMap((p) => p.list);
    if (games.length === 0)
      return <PageEmpty description={search ? errorMessage('searchEmpty', currentLanguage()) : t('games.empty')} />;
    return (
      <ul className="cp-games">
        {games.map((game) => (
          <li key={game.id} className="cp-game" data-testid="game" data-pinned={game.pinned}>
            {game.icon ? (
              <img className="cp-game__icon" src={game.icon} alt="" />
            ) : (
              <Icon name="gameList" className="cp-game__icon cp-game__icon--none" />
            )}
            <div className="cp-game__text">
              <span className="cp-game__name">{game.name}</span>
              <span className="cp-game__facts">
                {t('games.facts', { version: game.versionName, size: formatSize(game.size) })}
              </span>
              {game.description && <span className="cp-game__description">{game.description}</span>}
            </div>
            <div className="cp-game__actions">
              <Button
                size="mini"
                fill="none"
                aria-pressed={game.pinned}
                aria-label={t(game.pinned ? 'games.unpin' : 'games.pin')}
                disabled={pin.isPending}
                onClick={() => togglePin(game)}
              >
                <Icon name={game.pinned ? 'pinned' : 'pin'} className="cp-game__pin" />
              </Button>
              <Button size="small" color="primary" onClick={() => setInstalling(game)}>
                {t('games.install')}
              </Button>
            </div>
          </li>
        ))}
        <MoreOnScroll
          hasMore={pages.hasNextPage}
          loadMore={() => pages.fetchNextPage({ throwOnError: true })}
          end={t('discover.end')}
        />
      </ul>
    );
  };

  return (
    <div className="cp-game-list">
      <SearchBar
        className="cp-discover__search"
        placeholder={t('games.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
        onClear={() => setKeyword('')}
      />
      {body()}
      <InstallGameSheet game={installing} onClose={() => setInstalling(null)} />
    </div>
  );
}
