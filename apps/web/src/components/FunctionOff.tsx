import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FunctionKey } from '@cloudphone/contracts/client';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../lib/routing/route-context';
import { PageNotice } from './PageState';
import { useEnabledFunctions } from '../hooks/use-enabled-functions';
import { currentLanguage } from '../lib/i18n/index';

/**
 * A page of a function the client may switch off (spec §3): opened directly while it is off, it says
 * so and leads home instead of offering what the server would refuse. The shell wraps every route
 * whose switch the route table names (`needs`) in it.
 */
export function FunctionOff({ needs, children }: { needs: FunctionKey; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const functions = useEnabledFunctions();
  if (functions.has(needs)) return children;
  return (
    <PageNotice
      title={errorMessage('functionDisabled', currentLanguage())}
      description=""
      action={{ label: t('routes.home'), onClick: () => void navigate(`/${clientNo}`, { replace: true }) }}
    />
  );
}
