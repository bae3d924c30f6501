import { Badge, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { purchaseGate } from '../../../lib/routing/navigation';
import { enabledFunctions } from '../../../lib/functions';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor, routeNamed } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { Icon } from '../../../components/icons';
import { useUnreadMessages } from '../../../lib/messages';
import { session, useSession } from '../../../stores/session';
import { ProfileHeader } from '../components/ProfileHeader';
import '../account.css';

/** Messages and the way to the merchant (issue 24). */
const HELP_LINKS = ['messageCenter', 'customerService'] as const;
const LINKS = ['personalCenter', 'passwordManager', 'mobilePhoneBinding', 'systemSetting', 'aboutUs'] as const;
/** Buying and keeping phones; a page the client's functions rule out (spec §6) is not offered. */
const COMMERCE_LINKS = [
  'addPhone',
  'rechargePhone',
  'upgradeSelectPhone',
  'activationCode',
  'orderList',
  'myCoupon',
] as const;

/** Phones between accounts, replacement, templates and clones, each while its route's switch is on (spec §3). */
const DEVICE_LINKS = [
  'authorizationManager',
  'authorizedDevice',
  'changePhone',
  // Clone templates and their records (issue 15).
  'templates',
  'cloneRecords',
  // The keys adb connects with (issue 35).
  'adbKeys',
] as const;

/** "Mine": who is logged in, the account pages, and logout. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const functions = useSession((s) => s.functions);
  const unread = useUnreadMessages().data?.all ?? 0;
  const commerceLinks = COMMERCE_LINKS.filter(
    (name) => purchaseGate(name, enabledFunctions(functions)).kind !== 'cancel',
  );

  const logOut = async () => {
    const confirmed = await confirmAction({ content: t('account.logoutConfirm'), confirmText: t('account.logout') });
    if (confirmed) await session.logout();
  };

  return (
    <div className="cp-profile">
      <ProfileHeader />
      <List className="cp-profile__menu">
        {HELP_LINKS.map((name) => (
          <List.Item
            key={name}
            prefix={<Icon name={name} className="cp-profile__icon" />}
            extra={name === 'messageCenter' && unread > 0 ? <Badge content={unread} /> : undefined}
            onClick={() => void navigate(pathFor(name, clientNo))}
          >
            {t(`routes.${name}`)}
          </List.Item>
        ))}
        {/* Sync control is the owner's own (issue 26): no client switch names it. */}
        <List.Item
          prefix={<Icon name="syncControl" className="cp-profile__icon" />}
          onClick={() => void navigate(pathFor('syncControl', clientNo))}
        >
          {t('routes.syncControl')}
        </List.Item>
      </List>
      <List className="cp-profile__menu">
        {commerceLinks.map((name) => (
          <List.Item
            key={name}
            prefix={<Icon name={name} className="cp-profile__icon" />}
            onClick={() => void navigate(pathFor(name, clientNo))}
          >
            {t(`routes.${name}`)}
          </List.Item>
        ))}
      </List>
      <List className="cp-profile__menu">
        {DEVICE_LINKS.filter((name) => enabledFunctions(functions).has(routeNamed(name).needs!)).map((name) => (
          <List.Item
            key={name}
            prefix={<Icon name={name} className="cp-profile__icon" />}
            onClick={() => void navigate(pathFor(name, clientNo))}
          >
            {t(`routes.${name}`)}
          </List.Item>
        ))}
      </List>
      <List className="cp-profile__menu">
        {LINKS.map((name) => (
          <List.Item
            key={name}
            prefix={<Icon name={name} className="cp-profile__icon" />}
            onClick={() => void navigate(pathFor(name, clientNo))}
          >
            {t(`routes.${name}`)}
          </List.Item>
        ))}
      </List>
      <List className="cp-profile__menu">
        <List.Item className="cp-profile__logout" arrowIcon={false} onClick={() => void logOut()}>
          {t('account.logout')}
        </List.Item>
      </List>
    </div>
  );
}
