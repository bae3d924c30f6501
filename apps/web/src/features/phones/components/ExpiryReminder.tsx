import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useExpiringPhones } from '../api/expiring-phones';
import {
  localDate,
  phonesToRemind,
  readReminderMemory,
  rememberReminderShown,
  silenceReminder,
} from '../lib/expiry-reminder';
import { formatRemainingTime, remainingTime } from '../../../components/phones/remaining-time';
import { Name } from '../../../components/Name';

/**
 * Once a day on home, the phones that expire within 24 hours, each with "don't remind again"
 * (spec §3, §9); closing it puts the reminder away until tomorrow. It sits over the bottom of the list without blocking it: the user can read, open a
 * phone or leave the page while it is up.
 */
export function ExpiryReminder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [memory] = useState(readReminderMemory);
  const due = memory.lastTipDate !== localDate(Date.now());
  const expiring = useExpiringPhones(due);
  const [phones, setPhones] = useState<UserPhone[]>([]);
  const [decided, setDecided] = useState(false);

  useEffect(() => {
    if (decided || !expiring.data) return;
    setPhones(phonesToRemind(expiring.data.list, Date.now(), memory));
    setDecided(true);
  }, [decided, expiring.data, memory]);

  if (phones.length === 0) return null;

  // The day counts as reminded once the user has seen the reminder through, not when it first
  // draws: a page left (or redrawn) before then shows it again.
  const close = () => {
    rememberReminderShown(Date.now());
    setPhones([]);
  };
  const silence = (userPhoneId: number) => {
    silenceReminder(userPhoneId);
    const rest = phones.filter((p) => p.userPhoneId !== userPhoneId);
    if (rest.length === 0) close();
    else setPhones(rest);
  };

  return (
    <section className="cp-expiry-reminder" role="dialog" aria-modal="false" aria-labelledby="cp-expiry-title">
      <h2 id="cp-expiry-title" className="cp-expiry-reminder__title">
        {t('expiry.title')}
      </h2>
      <p className="cp-expiry-reminder__text">{t('expiry.text')}</p>
      <ul className="cp-expiry-reminder__list">
        {phones.map((phone) => (
          <li key={phone.userPhoneId} className="cp-expiry-reminder__phone" data-testid="expiring-phone">
            <Name className="cp-expiry-reminder__name" value={phone.name} />
            <span className="cp-expiry-reminder__left">
              {formatRemainingTime(remainingTime(phone.expireTime, Date.now()), t)}
            </span>
            <span className="cp-expiry-reminder__actions">
              <Button
                size="mini"
                color="primary"
                onClick={() => {
                  close();
                  void navigate(pathFor('rechargeSinglePhone', clientNo, `?userPhoneId=${phone.userPhoneId}`));
                }}
              >
                {t('expiry.renew')}
              </Button>
              <Button size="mini" fill="outline" onClick={() => silence(phone.userPhoneId)}>
                {t('expiry.silence')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Button block color="primary" size="small" onClick={close}>
        {t('expiry.close')}
      </Button>
    </section>
  );
}
