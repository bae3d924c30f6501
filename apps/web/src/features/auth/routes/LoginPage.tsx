import { LoginBrand } from '../components/LoginBrand';
import { LoginForm } from '../components/LoginForm';
import '../auth.css';

/** The login page (spec §2: login layout, level 1). */
export default function LoginPage() {
  return (
    <div className="cp-login">
      <LoginBrand />
      <LoginForm />
    </div>
  );
}
