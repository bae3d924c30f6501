import { useState } from 'react';
import { Alert, Button, Card, Empty, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { useMyPhones } from '../../../lib/my-phones';
import { formatMoney } from '../../../lib/format-money';
import { phoneIdsParam } from '../../../features/commerce/lib/phone-param';
import { upgradeRefusal } from '../../../features/commerce/lib/upgrade-refusal';
import { useUpgradeChoice } from '../../../features/commerce/hooks/use-upgrade-choice';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState, Screen } from '../../components/Screen';
import { Checkout } from './Checkout';
import { cardLine, OptionCards } from './Choices';
import { useScreenLink } from './screen-link';
import './shop.css';

/** Upgrade a phone (spec §1): which phone, the higher grade, and the difference in time value to pay. */
export default function UpgradeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useScreenLink();
  const phones = useMyPhones();
  const [userPhoneId, setUserPhoneId] = useState(() => phoneIdsParam(params)[0] ?? 0);
  const upgradable = (phones.data ?? []).filter((p) => upgradeRefusal(p) === null);
  const chosen = upgradable.some((p) => p.userPhoneId === userPhoneId) ? userPhoneId : 0;

  return (
    <Screen title={t('desktop.menu.upgrade')}>
      <QueryState query={phones}>
        {upgradable.length === 0 ? (
          <Empty description={errorMessage('noUpgradablePhone', currentLanguage())}>
            <Button type="primary" onClick={() => link('buy')}>
              {t('routes.addPhone')}
            </Button>
          </Empty>
        ) : (
          <div className="cp-desk-shop">
            <Card size="small" title={t('commerce.upgrade.choosePhone')}>
              <PhoneTable
                single
                phones={phones.data ?? []}
                selected={chosen ? [chosen] : []}
                onSelect={(ids) => setUserPhoneId(ids[0] ?? 0)}
                unavailable={upgradeRefusal}
              />
            </Card>
            {chosen ? (
              <UpgradeChoice key={chosen} userPhoneId={chosen} />
            ) : (
              <Typography.Text type="secondary">{t('commerce.opened.noUpgradePhoneDetail')}</Typography.Text>
            )}
          </div>
        )}
      </QueryState>
    </Screen>
  );
}

/** The grades one phone can move up to, each with its difference, and the checkout. */
function UpgradeChoice({ userPhoneId }: { userPhoneId: number }) {
  const { t } = useTranslation();
  const link = useScreenLink();
  const { options, option, chooseOption, order, renewalHelps } = useUpgradeChoice(userPhoneId);

  if (options.isPending) return <Spin className="cp-desk-state" />;
  // The refusal (a trial, too little time, the highest grade already) is this screen's to show.
  if (options.error)
    return (
      <Alert
        type="warning"
        showIcon
        title={options.error.message}
        action={
          renewalHelps && (
            <Button type="primary" onClick={() => link('renew', `?userPhoneId=${userPhoneId}`)}>
              {t('commerce.upgrade.renewFirst')}
            </Button>
          )
        }
      />
    );

  return (
    <>
      <Card size="small" title={t('commerce.upgrade.target')}>
        <OptionCards
          label={t('commerce.upgrade.target')}
          items={options.data}
          idOf={(o) => o.gradeId}
          value={option?.gradeId ?? null}
          onChange={chooseOption}
          card={(o) => ({
            title: o.gradeName,
            lines: [
              cardLine('remaining', t('commerce.upgrade.remaining', { count: o.remainingDays })),
              cardLine('price', t('commerce.upgrade.difference', { amount: formatMoney(o.priceCents) }), 'price'),
            ],
          })}
        />
      </Card>
      <Checkout order={order} submitLabel={t('commerce.upgrade.submit')} />
    </>
  );
}
