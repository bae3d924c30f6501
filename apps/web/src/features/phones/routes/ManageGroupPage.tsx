import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading } from '../../../components/PageState';
import { usePhoneGroups, type PhoneGroup } from '../api/phone-groups';
import { GroupNameDialog } from '../components/GroupNameDialog';
import { GroupRow } from '../components/GroupRow';
import { useGroupActions } from '../hooks/use-group-actions';
import '../../../components/page-with-footer.css';
import '../groups.css';

type Editing = { kind: 'create' } | { kind: 'rename'; group: PhoneGroup } | null;

/** The group manager (spec §2 manage-group): every group with its count; create, rename, delete. */
export default function ManageGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const groups = usePhoneGroups();
  const actions = useGroupActions();
  const [editing, setEditing] = useState<Editing>(null);

  const open = (group: PhoneGroup) =>
    void navigate(pathFor('phoneGroupSetting', clientNo, `?groupId=${group.groupId}`));

  let body;
  if (groups.isPending) body = <PageLoading />;
  else if (groups.isError) body = <PageError message={groups.error.message} onRetry={() => void groups.refetch()} />;
  else
    body = groups.data.map((group) => (
      <GroupRow
        key={group.groupId}
        group={group}
        onOpen={open}
        onRename={(g) => setEditing({ kind: 'rename', group: g })}
        onDelete={(g) => void actions.remove(g)}
      />
    ));

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">{body}</div>
      <div className="cp-groups-page__footer">
        <Button block color="primary" onClick={() => setEditing({ kind: 'create' })}>
          {t('groups.create')}
        </Button>
      </div>
      {editing?.kind === 'create' && (
        <GroupNameDialog title={t('groups.create')} onSave={actions.create} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'rename' && (
        <GroupNameDialog
          title={t('groups.renameTitle')}
          name={editing.group.groupName}
          onSave={(name) => actions.rename(editing.group, name)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
