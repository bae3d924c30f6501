import { CodeActivation } from '../components/CodeActivation';
import '../commerce.css';

/** Renewal codes (spec §2 renewCode): codes that renew a chosen phone (`?userPhoneId=` chooses it). */
export default function RenewCodePage() {
  return (
    <div className="cp-commerce">
      <CodeActivation usage="renew" />
    </div>
  );
}
