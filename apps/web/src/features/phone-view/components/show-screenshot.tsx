import { Dialog } from 'antd-mobile';
import i18next from 'i18next';
import { screenshotFileName } from '../../../lib/copy-text';

/** Shows a screenshot with a link that saves it as a PNG named after the phone and the time. */
export function showScreenshot(imageUrl: string, phoneName: string): void {
  const fileName = screenshotFileName(phoneName);
  Dialog.show({
    title: i18next.t('phoneView.screenshot.title'),
    closeOnMaskClick: true,
    closeOnAction: true,
    content: (
      <div className="cp-screenshot">
        <img src={imageUrl} alt={i18next.t('phoneView.screenshot.alt')} />
        <a className="adm-button adm-button-primary adm-button-block" href={imageUrl} download={fileName}>
          {i18next.t('phoneView.screenshot.download')}
        </a>
      </div>
    ),
    actions: [{ key: 'close', text: i18next.t('common.close') }],
  });
}
