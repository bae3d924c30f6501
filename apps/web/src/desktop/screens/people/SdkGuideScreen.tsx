import { Fragment } from 'react';
import { Anchor, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSdkExamples } from '../../../features/guides/sdk-examples';
import { codeLabelOf, SDK_GUIDE_SECTIONS, SDK_GUIDE_VALUES } from '../../../features/guides/lib/sdk-guide-sections';
import { copyText } from '../../../lib/copy-text';
import { notify } from '../../../stores/notifications';
import { Screen } from '../../components/Screen';
import './people.css';

const anchorOf = (title: string) => `sdk-${title}`;

/**
 * The SDK guide (spec §2 sdkGuide; issue 29) at desktop width: the guide's sections in the phone app's
 * order and words, its code ready to copy, and a table of contents beside it.
 */
export default function SdkGuideScreen() {
  const { t } = useTranslation();
  const code = useSdkExamples(useParams().clientNo ?? '');

  return (
    <Screen title={t('desktop.menu.sdkGuide')}>
      <Flex gap={32} align="flex-start">
        <Flex vertical gap={16} className="cp-desk-sdk" data-testid="desk-sdk-guide">
          {SDK_GUIDE_SECTIONS.map((section) => (
            <Card
              key={section.title ?? 'intro'}
              id={section.title && anchorOf(section.title)}
              size="small"
              title={section.title && t(`sdkGuide.${section.title}`)}
            >
              {section.steps.map((step) => (
                <Fragment key={step.text}>
                  <Typography.Paragraph>{t(`sdkGuide.${step.text}`, SDK_GUIDE_VALUES)}</Typography.Paragraph>
                  {step.code && (
                    <CodeFigure
                      code={code[step.code]}
                      label={t(`sdkGuide.${codeLabelOf(section, step)}`)}
                      testId={`desk-sdk-copy-${step.code}`}
                    />
                  )}
                </Fragment>
              ))}
            </Card>
          ))}
        </Flex>
        <div className="cp-desk-sdk__contents">
          <Typography.Text type="secondary">{t('desktop.people.sdkGuide.contents')}</Typography.Text>
          <Anchor
            affix={false}
            items={SDK_GUIDE_SECTIONS.flatMap(({ title }) =>
              title ? [{ key: title, href: `#${anchorOf(title)}`, title: t(`sdkGuide.${title}`) }] : [],
            )}
          />
        </div>
      </Flex>
    </Screen>
  );
}

/** A piece of code or a request, as it is sent, with a way to copy it. */
function CodeFigure({ code, label, testId }: { code: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(code)) notify(t('sdkGuide.copied'), 'success');
  };
  return (
    <figure className="cp-desk-code" aria-label={label}>
      <pre>
        <code>{code}</code>
      </pre>
      <Button size="small" className="cp-desk-code__copy" data-testid={testId} onClick={() => void copy()}>
        {t('sdkGuide.copy')}
      </Button>
    </figure>
  );
}
