import { useSession } from '../../../stores/session';

/** The client's logo and name above the login form. */
export function LoginBrand() {
  const about = useSession((s) => s.aboutApp);
  return (
    <header className="cp-login__brand">
      {/* A plain image, not antd-mobile's (which hides it until loaded): it shows from the server-rendered HTML. */}
      <img className="cp-login__logo" src={about?.logoUrl || '/app/icons/logo.svg'} width={64} height={64} alt="" />
      <h1 className="cp-login__name">{about?.clientName}</h1>
    </header>
  );
}
