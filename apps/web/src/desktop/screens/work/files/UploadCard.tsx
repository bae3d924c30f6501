import { Button, Card, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { useUploadPicker } from '../../../../features/files/hooks/use-upload-picker';
import { uploadStateText } from '../../../../features/files/stores/uploads';
import { formatSize } from '../../../../lib/format-size';

/**
 * Uploads into the library (spec §2, §5; resumable, tus): pick apps or files, then each one's progress
 * through checking, uploading, verifying or parsing to success or failure.
 */
export function UploadCard({ onUploaded }: { onUploaded: (files: UserFile[]) => void }) {
  const { t } = useTranslation();
  const { pick, inputProps, items, clearFinished, anyEnded } = useUploadPicker(onUploaded);
  return (
    <Card
      size="small"
      title={t('files.uploads')}
      extra={
        anyEnded && (
          <Button size="small" type="link" onClick={clearFinished}>
            {t('files.clearFinished')}
          </Button>
        )
      }
    >
      <Space wrap>
        <Button type="primary" data-testid="upload-app" onClick={() => pick('app')}>
          {t('files.installApp')}
        </Button>
        <Button data-testid="upload-file" onClick={() => pick('file')}>
          {t('files.uploadFile')}
        </Button>
        <input {...inputProps('app')} />
        <input {...inputProps('file')} />
        <Typography.Text type="secondary">{t('files.pickHint')}</Typography.Text>
      </Space>
      {items.map((item) => (
        <div key={item.key} className="cp-desk-upload" data-testid="upload-row" data-state={item.state}>
          <Typography.Text ellipsis={{ tooltip: item.name }} className="cp-desk-upload__name">
            {item.name}
          </Typography.Text>
          <Typography.Text type="secondary">{formatSize(item.size)}</Typography.Text>
          <Progress
            percent={Math.round(item.progress * 100)}
            size="small"
            status={item.state === 'failed' ? 'exception' : item.state === 'success' ? 'success' : 'active'}
            aria-label={item.name}
          />
          <Typography.Text type={item.state === 'failed' ? 'danger' : undefined}>
            {uploadStateText(item, t)}
          </Typography.Text>
        </div>
      ))}
    </Card>
  );
}
