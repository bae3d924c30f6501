import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import type { PhoneGroup } from '../api/phone-groups';

interface GroupRowProps {
  group: PhoneGroup;
  onOpen: (group: PhoneGroup) => void;
  onRename: (group: PhoneGroup) => void;
  onDelete: (group: PhoneGroup) => void;
}

/** One group of the manager: its name and phone count; the default group cannot be renamed or deleted. */
export function GroupRow({ group, onOpen, onRename, onDelete }: GroupRowProps) {
  const { t } = useTranslation();
  return (
    <div className="cp-group-row" data-testid="group-row">
      <button type="button" className="cp-group-row__main" onClick={() => onOpen(group)}>
        <span className="cp-group-row__name">{group.groupName}</span>
        {group.isDefault && (
          <Tag color="primary" fill="outline">
            {t('groups.defaultTag')}
          </Tag>
        )}
        <span className="cp-group-row__count">{t('groups.count', { count: group.count })}</span>
      </button>
      {group.isDefault ? (
        <p className="cp-group-row__note">{errorMessage('defaultGroupProtected', currentLanguage())}</p>
      ) : (
        <div className="cp-group-row__actions">
          <Button size="mini" fill="outline" onClick={() => onRename(group)}>
            {t('groups.rename')}
          </Button>
          <Button size="mini" fill="outline" color="danger" onClick={() => onDelete(group)}>
            {t('groups.delete')}
          </Button>
        </div>
      )}
    </div>
  );
}
