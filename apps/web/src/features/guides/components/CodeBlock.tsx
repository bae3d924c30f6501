import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy-text';

/** A piece of code or a request, as it is sent, with a way to copy it. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(code)) Toast.show({ content: t('sdkGuide.copied') });
  };
  return (
    <figure className="cp-code" aria-label={label}>
      <pre>
        <code>{code}</code>
      </pre>
      <Button className="cp-code__copy" size="mini" onClick={() => void copy()}>
        {t('sdkGuide.copy')}
      </Button>
    </figure>
  );
}
