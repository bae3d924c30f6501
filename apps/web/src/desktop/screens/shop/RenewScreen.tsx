import { useState } from 'react';
import { Alert, Button, Card, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEnabledFunctions } from '../../../hooks/use-enabled-functions';
import { useOwnPhones } from '../../../lib/my-phones';
import { useProducts } from '../../../features/commerce/api/products';
import { phoneIdsParam } from '../../../features/commerce/lib/phone-param';
import { useRenewalChoice } from '../../../features/commerce/hooks/use-package-choice';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState, Screen } from '../../components/Screen';
import { Checkout } from './Checkout';
import { GradeChoice, PackageChoice } from './Choices';
import { useScreenLink } from './screen-link';
import './shop.css';

/**
 * Renew phones (spec §1, §5): tick one or many (`?userPhoneIds=` ticks them on arrival), one package
 * for the whole batch, and pay. Phones granted by another account are renewed by their owner.
 */
export default function RenewScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useScreenLink();
  const codesOn = useEnabledFunctions().has('activation_code');
  const phones = useOwnPhones();
  const [chosen, setChosen] = useState<number[]>(() => phoneIdsParam(params));
  const own = phones.data ?? [];
  const selected = chosen.filter((id) => own.some((p) => p.userPhoneId === id));
  const one = selected.length === 1 ? `&userPhoneId=${selected[0]}` : '';

  return (
    <Screen
      title={t('desktop.menu.renew')}
      extra={
        codesOn && (
          <Button type="link" onClick={() => link('codes', `?tab=renew${one}`)}>
            {t('commerce.renew.byCode')}
          </Button>
        )
      }
    >
      <div className="cp-desk-shop">
        <Card size="small" title={t('commerce.renew.phones', { count: selected.length })}>
          <QueryState query={phones} empty={own.length === 0} emptyText={t('commerce.renew.noPhones')}>
            <PhoneTable phones={own} selected={selected} onSelect={setChosen} />
          </QueryState>
        </Card>
        <RenewalChoice userPhoneIds={selected} />
      </div>
    </Screen>
  );
}

/** The package to renew the chosen phones with, and its checkout. */
function RenewalChoice({ userPhoneIds }: { userPhoneIds: readonly number[] }) {
  const { t } = useTranslation();
  const products = useProducts('renew');
  const choice = useRenewalChoice(products.data, userPhoneIds);
  const { product, pkg } = choice;
  const chosen = userPhoneIds.length > 0;

  return (
    <QueryState query={products} empty={products.data?.length === 0} emptyText={t('commerce.renew.empty')}>
      {products.data && (
        <>
          <Card size="small" title={t('commerce.grade.title')}>
            {chosen ? (
              <GradeChoice
                products={products.data}
                showStock={false}
                gradeId={product?.gradeId ?? null}
                onChange={choice.chooseGrade}
                unavailable={(p) => (choice.fitsGrade(p) ? null : t('commerce.renew.otherGrade'))}
              />
            ) : (
              <Typography.Text type="secondary">{t('commerce.renew.choosePhones')}</Typography.Text>
            )}
            {chosen && choice.checking && <Spin size="small" />}
            {chosen && !choice.checking && choice.fitting.length === 0 && (
              <Alert type="error" showIcon title={t('commerce.renew.mixedGrades')} style={{ marginTop: 12 }} />
            )}
          </Card>
          {product && (
            <Card size="small" title={t('commerce.package')}>
              <PackageChoice
                packages={product.packages}
                packageId={pkg?.packageId ?? null}
                onChange={choice.choosePackage}
              />
            </Card>
          )}
          <Checkout order={choice.order} submitLabel={t('commerce.renew.submit')} />
        </>
      )}
    </QueryState>
  );
}
