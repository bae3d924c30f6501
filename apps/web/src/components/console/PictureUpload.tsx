import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PICTURE_MAX_BYTES } from '@cloudphone/contracts/console-clients';

/** The picture's bytes as base64, as the console's picture entries take them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A button that picks a picture (PNG, JPEG or SVG) of at most 1 MB and hands it on in base64; a larger
 * one is refused here, with the limit the server keeps too.
 */
export function PictureUpload({
  onPicked,
  loading,
  testId,
}: {
  onPicked: (base64: string, file: File) => void;
  loading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  return (
    <Upload
      accept="image/png,image/jpeg,image/svg+xml"
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > PICTURE_MAX_BYTES) void message.error(t('clients.tooLarge'));
        else void base64Of(file).then((base64) => onPicked(base64, file));
        return false;
      }}
    >
      <Button loading={loading} data-testid={testId}>
        {t('clients.upload')}
      </Button>
    </Upload>
  );
}
