import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { CodeBlock } from '../components/CodeBlock';
import { useSdkExamples } from '../sdk-examples';
import { codeLabelOf, SDK_GUIDE_SECTIONS, SDK_GUIDE_VALUES } from '../lib/sdk-guide-sections';
import '../guides.css';

/**
 * How a merchant's developer uses the signed calls (spec §2 sdkGuide): the signing, a worked example
 * of signing a user into the client from the merchant's own app, messages, and one phone's SDK.
 */
export default function SdkGuidePage() {
  const { t } = useTranslation();
  const clientNo = useClientNo();
  const code = useSdkExamples(clientNo);
  return (
    <div className="cp-sdk-guide">
      {SDK_GUIDE_SECTIONS.map((section) => (
        <section key={section.title ?? 'intro'}>
          {section.title && <h2>{t(`sdkGuide.${section.title}`)}</h2>}
          {section.steps.map((step) => (
            <Fragment key={step.text}>
              <p>{t(`sdkGuide.${step.text}`, SDK_GUIDE_VALUES)}</p>
              {step.code && <CodeBlock code={code[step.code]} label={t(`sdkGuide.${codeLabelOf(section, step)}`)} />}
            </Fragment>
          ))}
        </section>
      ))}
    </div>
  );
}
