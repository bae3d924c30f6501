import { useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import { SEARCH_DELAY_MS, useSettled } from '../../../hooks/use-settled';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import { useBanners } from '../api/discover';
import { ArticleList } from '../components/ArticleList';
import { BannerSwiper } from '../components/BannerSwiper';
import '../discover.css';

/** The ways on from Discover, each a page of spec §2. */
const ENTRIES: { route: IconName; label: string }[] = [
  { route: 'gameList', label: 'discover.games' },
  { route: 'homeGuide', label: 'discover.guide' },
  { route: 'download', label: 'discover.download' },
  { route: 'sdkGuide', label: 'discover.sdkGuide' },
];

/**
 * The Discover tab (spec §2): the client's banners, the way to its game channel and guides, and its
 * articles, searched by title.
 */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DELAY_MS);
  const banners = useBanners().data ?? [];
  return (
    <div className="cp-discover">
      <SearchBar
        className="cp-discover__search"
        placeholder={t('discover.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
        onClear={() => setKeyword('')}
      />
      {!search && (
        <>
          <BannerSwiper banners={banners} />
          <nav className="cp-discover__entries">
            {ENTRIES.map((entry) => (
              <button
                type="button"
                key={entry.route}
                className="cp-discover__entry"
                onClick={() => void navigate(pathFor(entry.route, clientNo))}
              >
                <Icon name={entry.route} className="cp-discover__entry-icon" />
                {t(entry.label as 'discover.games')}
              </button>
            ))}
          </nav>
          <h2 className="cp-discover__heading">{t('discover.articles')}</h2>
        </>
      )}
      <ArticleList keyword={search} />
    </div>
  );
}
