import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyImage, screenshotFileName } from '../../lib/copy-text';
import { notify } from '../../stores/notifications';

interface ScreenshotPreviewProps {
  /** The screenshot as a PNG data URL; null when none is shown. */
  imageUrl: string | null;
  phoneName: string;
  onClose: () => void;
}

/**
 * A phone's screenshot in front of its window (the screenshot key, issue 55): the picture, saved as a
 * PNG named after the phone and the time, or copied as a picture to paste elsewhere.
 */
export function ScreenshotPreview({ imageUrl, phoneName, onClose }: ScreenshotPreviewProps) {
  const { t } = useTranslation();
  const copy = async () => {
    if (imageUrl && (await copyImage(imageUrl))) notify(t('phoneView.screenshot.copied'), 'success');
    else notify(t('phoneView.screenshot.notCopied'), 'warning');
  };
  return (
    <Modal
      open={imageUrl !== null}
      title={t('phoneView.screenshot.title')}
      onCancel={onClose}
      centered
      width="90vw"
      footer={
        <Space>
          <Button onClick={() => void copy()}>{t('phoneView.screenshot.copy')}</Button>
          <Button type="primary" href={imageUrl ?? undefined} download={screenshotFileName(phoneName)}>
            {t('phoneView.screenshot.save')}
          </Button>
        </Space>
      }
    >
      {imageUrl && (
        <img
          className="cp-desk-screenshot"
          data-testid="screenshot-preview"
          src={imageUrl}
          alt={t('phoneView.screenshot.alt')}
        />
      )}
    </Modal>
  );
}

/** Tells the system too, where the user let the page notify: the window may be behind others. */
export function tellSystemOfScreenshot(imageUrl: string, text: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  new Notification(text, { icon: imageUrl, silent: true });
}
