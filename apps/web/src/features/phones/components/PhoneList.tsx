import type { UserPhone } from '@cloudphone/contracts/phones';
import { useNow } from '../../../hooks/use-now';
import { PhoneCard } from './PhoneCard';

interface PhoneListProps {
  phones: UserPhone[];
  onOpen: (phone: UserPhone) => void;
  onLongPress?: (phone: UserPhone) => void;
  /** While choosing phones: the chosen ones, and what a tap does instead of opening. */
  selected?: ReadonlySet<number>;
  onToggle?: (phone: UserPhone) => void;
}

/** The list view: a card per phone. */
export function PhoneList({ phones, onOpen, onLongPress, selected, onToggle }: PhoneListProps) {
  const now = useNow();
  return (
    <div className="cp-phone-list">
      {phones.map((phone) => (
        <PhoneCard
          key={phone.userPhoneId}
          phone={phone}
          now={now}
          onOpen={onOpen}
          onLongPress={onLongPress}
          onToggle={onToggle}
          selected={selected?.has(phone.userPhoneId)}
        />
      ))}
    </div>
  );
}
