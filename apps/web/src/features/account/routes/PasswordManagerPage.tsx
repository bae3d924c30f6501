import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordLoginBody } from '@cloudphone/contracts/auth';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading } from '../../../components/PageState';
import { PasswordPairFormItems } from '../../../components/PasswordPairFormItems';
import { schemaRule } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { updatePassword, type UpdatePasswordBody } from '../api/update-password';
import { getUserInfoQueryOptions } from '../api/user-info';
import { useAccountDisplay } from '../hooks/use-account-display';
import '../account.css';
import { SubmitForm } from '../../../components/SubmitForm';

/** Sets or changes the password; the current one is asked for once the account has one. */
export default function PasswordManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const { query, mobile } = useAccountDisplay();
  const [submitting, setSubmitting] = useState(false);

  if (query.isPending) return <PageLoading />;
  if (query.error) return <PageError message={query.error.message} onRetry={() => void query.refetch()} />;
  const { hasPassword } = query.data;

  const submit = async (values: UpdatePasswordBody) => {
    setSubmitting(true);
    try {
      await updatePassword(values);
      notify(t('account.passwordChanged'), 'success');
      await queryClient.invalidateQueries(getUserInfoQueryOptions());
      void navigate(pathFor('profile', clientNo), { replace: true });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cp-password-manager">
      <p className="cp-password-manager__mobile">{mobile}</p>
      {!hasPassword && <p className="cp-account__note">{t('account.noPassword')}</p>}
      <SubmitForm
        onSubmit={(values: UpdatePasswordBody) => void submit(values)}
        submitLabel={t('form.submit')}
        submitting={submitting}
      >
        {hasPassword && (
          <Form.Item
            name="oldPassword"
            label={t('form.oldPassword')}
            rules={[schemaRule(passwordLoginBody.shape.password)]}
          >
            <Input type="password" placeholder={t('form.oldPasswordPlaceholder')} autoComplete="current-password" />
          </Form.Item>
        )}
        <PasswordPairFormItems />
      </SubmitForm>
    </div>
  );
}
