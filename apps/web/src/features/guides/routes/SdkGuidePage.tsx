import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { CodeBlock } from '../components/CodeBlock';
import { sdkExamples } from '../sdk-examples';
import '../guides.css';

/**
 * How a merchant's developer uses the signed calls (spec §2 sdkGuide): the signing, a worked example
 * of signing a user into the client from the merchant's own app, messages, and one phone's SDK.
 */
export default function SdkGuidePage() {
  const { t } = useTranslation();
  const clientNo = useClientNo();
  const code = useMemo(() => sdkExamples(window.location.origin, clientNo || 'demo'), [clientNo]);
  return (
    <div className="cp-sdk-guide">
      <section>
        <p>{t('sdkGuide.intro')}</p>
      </section>
      <section>
        <h2>{t('sdkGuide.signingTitle')}</h2>
        <p>{t('sdkGuide.signingText')}</p>
        <CodeBlock code={code.signing} label={t('sdkGuide.signingTitle')} />
      </section>
      <section>
        <h2>{t('sdkGuide.keyTitle')}</h2>
        <p>{t('sdkGuide.keyText')}</p>
        <CodeBlock code={code.merchantKey} label={t('sdkGuide.keyTitle')} />
      </section>
      <section>
        <h2>{t('sdkGuide.entryTitle')}</h2>
        <p>{t('sdkGuide.entryText')}</p>
        <p>{t('sdkGuide.entryStep1')}</p>
        <CodeBlock code={code.entryRequest} label={t('sdkGuide.entryStep1')} />
        <p>{t('sdkGuide.entryStep2')}</p>
        <CodeBlock code={code.entryReply} label={t('sdkGuide.entryStep2')} />
        <p>{t('sdkGuide.entryStep3')}</p>
        <CodeBlock code={code.entryOpen} label={t('sdkGuide.entryStep3')} />
      </section>
      <section>
        <h2>{t('sdkGuide.messageTitle')}</h2>
        <p>{t('sdkGuide.messageText')}</p>
        <CodeBlock code={code.message} label={t('sdkGuide.messageTitle')} />
      </section>
      <section>
        <h2>{t('sdkGuide.deviceTitle')}</h2>
        <p>{t('sdkGuide.deviceText')}</p>
        <CodeBlock code={code.device} label={t('sdkGuide.deviceTitle')} />
      </section>
      <section>
        <h2>{t('sdkGuide.errorsTitle')}</h2>
        <p>{t('sdkGuide.errorsText')}</p>
      </section>
    </div>
  );
}
