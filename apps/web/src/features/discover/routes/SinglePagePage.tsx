import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ERRORS } from '@cloudphone/contracts/errors';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { RequestError } from '../../../lib/request';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { useSinglePage } from '../api/discover';
import '../discover.css';

/** A CMS page of the client (spec §2 singlePage): an article, or a page a banner links to. */
export default function SinglePagePage() {
  const [params] = useSearchParams();
  const page = useSinglePage(Number(params.get('id')));
  const html = useMemo(() => (page.data ? sanitizeHtml(page.data.content) : ''), [page.data]);
  if (page.isPending && page.fetchStatus !== 'idle') return <PageLoading />;
  if (page.error) {
    const gone = page.error instanceof RequestError && page.error.code === ERRORS.pageNotFound.code;
    if (gone) return <PageEmpty description={page.error.message} />;
    return <PageError message={page.error.message} onRetry={() => void page.refetch()} />;
  }
  if (!page.data) return <PageEmpty />;
  return (
    <article className="cp-single-page">
      <h1 className="cp-single-page__title">{page.data.title}</h1>
      <div className="cp-single-page__content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
