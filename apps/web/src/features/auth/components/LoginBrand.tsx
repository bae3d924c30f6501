import { Image } from 'antd-mobile';
import { useSession } from '../../../stores/session';

/** The client's logo and name above the login form. */
export function LoginBrand() {
  const about = useSession((s) => s.aboutApp);
  return (
    <header className="cp-login__brand">
      <Image src={about?.logoUrl || '/app/icons/logo.svg'} width={64} height={64} fit="contain" alt="" />
      <h1 className="cp-login__name">{about?.clientName}</h1>
    </header>
  );
}
