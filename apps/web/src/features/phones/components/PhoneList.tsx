import type { UserPhone } from '@cloudphone/contracts/phones';
import { useNow } from '../hooks/use-now';
import { PhoneCard } from './PhoneCard';

interface PhoneListProps {
  phones: UserPhone[];
  onOpen: (phone: UserPhone) => void;
}

/** The list view: a card per phone. */
export function PhoneList({ phones, onOpen }: PhoneListProps) {
  const now = useNow();
  return (
    <div className="cp-phone-list">
      {phones.map((phone) => (
        <PhoneCard key={phone.userPhoneId} phone={phone} now={now} onOpen={onOpen} />
      ))}
    </div>
  );
}
