import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FunctionKey } from '@cloudphone/contracts/client';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { Icon } from '../../../components/icons';
import { PageError, PageLoading } from '../../../components/PageState';
import { useEnabledFunctions } from '../../../hooks/use-enabled-functions';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { usePhoneGroups, useRefreshPhones } from '../api/phone-groups';
import { useAllPhones } from '../../../lib/phone-pages';
import { operatePhone, type BatchOperation } from '../api/phone-operations';
import { BatchResults } from '../components/BatchResults';
import { batchRefusal, runBatch, type BatchResult } from '../lib/batch-run';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';

const ALL = -1;
const BATCH_OPERATIONS: readonly BatchOperation[] = ['reboot', 'reset', 'screenshot'];
/** Pages the chosen phones are taken to, each offered when the client has its function on (spec §3). */
const BATCH_PAGES = [
  { route: 'transferDevice', label: 'transfer.entry', needs: 'transfer_button' },
  { route: 'newMachine', label: 'newMachine.entry', needs: 'new_button' },
  // Apps and files: upload, then install or push to the chosen phones (issue 14); no function gates it.
  { route: 'fileManager', label: 'batch.files' },
  // Templates and clones (issue 15): a template of the chosen phone, or a clone onto the chosen ones.
  { route: 'templates', label: 'batch.template', needs: 'template_button' },
  { route: 'clone', label: 'batch.clone', needs: 'clone_button' },
] as const satisfies readonly { route: string; label: string; needs?: FunctionKey }[];
/** The client's function that offers each (spec §3); a switched-off one is not offered. */
const BATCH_FUNCTIONS: Partial<Record<BatchOperation, FunctionKey>> = {
  reboot: 'reboot_button',
  reset: 'reset_button',
};

/** The catalogue message a phone fails with when the server gives none of its own. */
const FAILED: Record<BatchOperation, ErrorKey> = {
  reboot: 'restartFailed',
  reset: 'resetFailed',
  screenshot: 'screenshotFailed',
};

/**
 * Batch operation (spec §2): choose phones (all, or by group), then restart, factory-reset or
 * screenshot them; each phone's outcome is listed, with the pictures to download.
 */
export default function BatchOperationPage() {
  const { t } = useTranslation();
  const functions = useEnabledFunctions();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const groups = usePhoneGroups();
  const phones = useAllPhones();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const refresh = useRefreshPhones();
  const [groupId, setGroupId] = useState(ALL);
  const [run, setRun] = useState<{ total: number; results: BatchResult[] } | null>(null);

  const shown = groupId === ALL ? phones.phones : phones.phones.filter((p) => p.groupId === groupId);
  const chosen = phones.phones.filter((p) => selection.selected.has(p.userPhoneId));
  const running = run !== null && run.results.length < run.total;

  const start = async (operation: BatchOperation) => {
    const refusal = batchRefusal(operation, chosen.length);
    if (refusal) {
      notify(errorMessage(refusal, currentLanguage()), 'warning');
      return;
    }
    if (operation !== 'screenshot') {
      const confirmed = await confirmAction({
        content: t(operation === 'reset' ? 'batch.resetConfirm' : 'batch.rebootConfirm', { count: chosen.length }),
        confirmText: t(`batch.${operation}`),
        danger: operation === 'reset',
      });
      if (!confirmed) return;
    }
    setRun({ total: chosen.length, results: [] });
    const results = await runBatch(
      chosen,
      (userPhoneId) => operatePhone(operation, userPhoneId),
      errorMessage(FAILED[operation], currentLanguage()),
      (result) => setRun((now) => now && { ...now, results: [...now.results, result] }),
    );
    if (results.some((r) => !r.ok)) notify(errorMessage('someDevicesFailed', currentLanguage()));
    // Restarts and resets change the phones' states on the home list.
    if (operation !== 'screenshot') await refresh();
  };

  if (groups.isPending || phones.isPending) return <PageLoading />;
  if (groups.isError) return <PageError message={groups.error.message} onRetry={() => void groups.refetch()} />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;

  if (run) {
    return (
      <div className="cp-groups-page">
        <div className="cp-groups-page__body">
          <BatchResults total={run.total} results={run.results} />
        </div>
        <div className="cp-groups-page__footer">
          <Button block disabled={running} onClick={() => setRun(null)}>
            {t('batch.again')}
          </Button>
        </div>
      </div>
    );
  }

  const filters = [
    { label: t('phones.allGroups'), value: ALL },
    ...groups.data.map((g) => ({ label: g.groupName, value: g.groupId })),
  ];
  const operations = BATCH_OPERATIONS.filter((o) => !BATCH_FUNCTIONS[o] || functions.has(BATCH_FUNCTIONS[o]));
  const pages = BATCH_PAGES.filter((p) => !('needs' in p) || functions.has(p.needs));
  const open = (route: string) =>
    void navigate(
      pathFor(route, clientNo, chosen.length ? `?userPhoneIds=${chosen.map((p) => p.userPhoneId).join(',')}` : ''),
    );
  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <Selector
          className="cp-batch-filter"
          columns={3}
          options={filters}
          value={[groupId]}
          onChange={(value) => setGroupId(value[0] ?? ALL)}
        />
        <PhonePicker
          phones={shown}
          selected={selection.selected}
          onToggle={selection.toggle}
          onToggleAll={(all) => {
            const ids = new Set(shown.map((p) => p.userPhoneId));
            const others = selection.ids.filter((id) => !ids.has(id));
            selection.replace(all ? [...others, ...ids] : others);
          }}
        />
      </div>
      <div className="cp-groups-page__footer cp-batch-footer">
        {pages.length > 0 && (
          <div className="cp-groups-page__footer--row">
            {pages.map((page) => (
              <Button
                key={page.route}
                color="primary"
                fill="outline"
                disabled={chosen.length === 0}
                onClick={() => open(page.route)}
              >
                <Icon name={page.route} className="cp-button-icon" />
                {t(page.label)}
              </Button>
            ))}
          </div>
        )}
        <div className="cp-groups-page__footer--row">
          {operations.map((operation) => (
            <Button
              key={operation}
              color={operation === 'reset' ? 'danger' : 'primary'}
              fill={operation === 'screenshot' ? 'solid' : 'outline'}
              disabled={chosen.length === 0 || !phones.complete}
              onClick={() => void start(operation)}
            >
              <Icon name={operation} className="cp-button-icon" />
              {t(`batch.${operation}`)}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
