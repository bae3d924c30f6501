import { useMemo } from 'react';
import { NavBar } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { AgreementType } from '@cloudphone/contracts/client';
import { useRouteMatch } from '../../../lib/routing/route-context';
import { PageError, PageLoading } from '../../../components/PageState';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { useSession } from '../../../stores/session';
import { useAgreement } from '../api/get-agreement';

/** The user agreement, the privacy agreement, or (on /agreement) the one `?type=` names. */
export default function AgreementPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { route, clientNo } = useRouteMatch();
  const stored = useSession((s) => s.clientNo);
  const type: AgreementType =
    route.name === 'privacyAgreement' || (route.name === 'agreement' && params.get('type') === '2') ? 2 : 1;
  const { data, error, isPending, refetch } = useAgreement(type, clientNo || stored || '');
  const html = useMemo(() => (data ? sanitizeHtml(data.content) : ''), [data]);

  return (
    <div className="cp-agreement">
      <NavBar
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(`/login/${clientNo ?? ''}`))}
      >
        {data?.name}
      </NavBar>
      {isPending && <PageLoading />}
      {error && <PageError message={error.message} onRetry={() => void refetch()} />}
      {data && <article className="cp-agreement__content" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}
