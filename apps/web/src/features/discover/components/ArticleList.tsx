import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MoreOnScroll } from '../../../components/MoreOnScroll';
import { errorMessage } from '@cloudphone/contracts/errors';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { currentLanguage } from '../../../lib/i18n/index';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import { useArticles } from '../api/discover';

/** The client's articles, loaded as the list scrolls; an article opens as a single page. */
export function ArticleList({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const pages = useArticles(keyword);
  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const articles = pages.data.pages.flatMap((p) => p.list);
  if (articles.length === 0)
    return (
      <PageEmpty description={keyword ? errorMessage('searchEmpty', currentLanguage()) : t('discover.articlesEmpty')} />
    );
  return (
    <ul className="cp-articles">
      {articles.map((article) => (
        <li key={article.id}>
          <button
            type="button"
            className="cp-article"
            data-testid="article"
            onClick={() => void navigate(pathFor('singlePage', clientNo, `?id=${article.id}`))}
          >
            <span className="cp-article__text">
              <span className="cp-article__title">{article.title}</span>
              {article.summary && <span className="cp-article__summary">{article.summary}</span>}
              <time className="cp-article__time">{formatDateTime(article.createTime)}</time>
            </span>
            {article.coverUrl && <img className="cp-article__cover" src={article.coverUrl} alt="" />}
          </button>
        </li>
      ))}
      <MoreOnScroll
        hasMore={pages.hasNextPage}
        loadMore={() => pages.fetchNextPage({ throwOnError: true })}
        end={t('discover.end')}
      />
    </ul>
  );
}
