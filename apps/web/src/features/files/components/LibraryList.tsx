import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { formatSize } from '../../../lib/format-size';
import { formatDateTime } from '../../../lib/format-time';
import { Name } from '../../../components/Name';

interface LibraryListProps {
  files: readonly UserFile[];
  selected: ReadonlySet<number>;
  onToggle: (file: UserFile) => void;
  onDelete: (file: UserFile) => void;
}

/** The user's files and apps (spec §3 "app file": name, size, time), each to tick for a push or delete. */
export function LibraryList({ files, selected, onToggle, onDelete }: LibraryListProps) {
  const { t } = useTranslation();
  return (
    <ul className="cp-library">
      {files.map((file) => {
        const ticked = selected.has(file.fileId);
        return (
          <li key={file.fileId} className={`cp-library__row${ticked ? ' cp-library__row--on' : ''}`}>
            <button
              type="button"
              role="checkbox"
              aria-checked={ticked}
              className="cp-library__pick"
              data-testid="library-file"
              onClick={() => onToggle(file)}
            >
              <span className={`cp-check${ticked ? ' cp-check--on' : ''}`} aria-hidden />
              {file.icon ? (
                <img className="cp-library__icon" src={file.icon} alt="" />
              ) : (
                <span className="cp-library__icon cp-library__icon--letter" aria-hidden>
                  {(file.label ?? file.name).slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="cp-library__text">
                <Name className="cp-library__name" value={file.label ?? file.name} />
                <span className="cp-library__detail">
                  {[
                    t(`files.kind.${file.kind}`),
                    file.versionName ? t('files.version', { version: file.versionName }) : null,
                    formatSize(file.size),
                    formatDateTime(file.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </button>
            <Button size="mini" color="danger" fill="none" disabled={file.busy} onClick={() => onDelete(file)}>
              {t('files.delete')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
