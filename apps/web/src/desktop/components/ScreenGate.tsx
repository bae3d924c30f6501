import { Suspense, type ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import { useEnabledFunctions } from '../../hooks/use-enabled-functions';
import { currentLanguage } from '../../lib/i18n/index';

/** A screen loads on demand; one whose function the client has switched off says so instead (spec §3). */
export function ScreenGate({ needs, children }: { needs?: FunctionKey; children: ReactNode }) {
  const functions = useEnabledFunctions();
  if (needs && !functions.has(needs))
    return <Result status="warning" title={errorMessage('functionDisabled', currentLanguage())} />;
  return <Suspense fallback={<Spin className="cp-desk-state" />}>{children}</Suspense>;
}
